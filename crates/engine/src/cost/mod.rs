//! Cost: what a job really costs on one offer, beyond the hourly price.
//!
//! Each module prices one aspect and returns its figures with [`Term`](crate::Term)s:
//! billing modes (`billing`), spot interruptions (`spot`), storage, egress and idle time
//! (`hidden`), a month's queue of jobs on instances started and stopped against instances kept
//! up (`queue`), fixed public bandwidth against paying by traffic (`bandwidth`), subscriptions
//! cancelled early (`refund`), traffic between zones and clouds (`transfer`), serving fleets
//! (`serving`), and currency conversion (`money`).

pub mod bandwidth;
pub mod billing;
pub mod hidden;
pub mod money;
pub mod queue;
pub mod refund;
pub mod serving;
pub mod spot;
pub mod transfer;
