//! Rows of the field table for a month's queue of the job: how many jobs, how big, how they
//! arrive, and what starting and stopping instances for them costs.

/// Appends these rows to `$rows` and hands them on to `$next` (see the table's header); the
/// key enums the rows name come with them.
macro_rules! queue_rows {
    ($next:ident! $(, $rest:ident!)* ; $($rows:tt)*) => {
        use $crate::form::{ArrivalKey, PeriodKey};
        $next! { $($rest!),* ; $($rows)*
            // A queue of jobs (any job workload): kept together.
            queue_jobs "qj" number(0.0, 1e7) in ["jobs", "个作业"]
                "A queue of this job: how many run each `queue_per`; the pick and the candidate opened are then priced both ways over the month, on instances started for the work and stopped after it, and on `queue_kept` instances kept up all month, with their utilisation and the jobs a day at which keeping them up pays; `null`: one job, no queue."
                ["Jobs in the queue", "队列作业数"]
                ["How many such jobs run each day or month (empty: this one job).", "每天或每月运行多少个这样的作业（留空：只有这一个作业）。"];
            queue_per "qpe" choice(PeriodKey {
                Day: ["a day", "每天"],
                Month: ["a month", "每月"],
            })
                "The period `queue_jobs` counts over (a month is 730 h, 30.4 days)."
                ["Counted per", "统计周期"]
                _;
            queue_job_h "qjh" number(0.001, 1e6) in HOURS
                "Hours one job of the queue runs on the chosen instance(s); `null`: the scenario's own job on each candidate."
                ["Hours per job", "每个作业时长"]
                ["Hours one job runs on the chosen instance (empty: this scenario's job).", "一个作业在所选实例上运行的小时数（留空：按本场景的作业）。"];
            queue_arrival "qar" choice(ArrivalKey {
                Spread: ["Spread through the day", "全天陆续到达"],
                Together: ["All at once", "一次性到达"],
            })
                "How the queue's jobs arrive: `spread` through the working day, each served as it comes on instances started for it; `together`, the day's jobs run back to back on instances started once. Waiting in the queue is not modelled."
                ["Jobs arrive", "作业到达方式"]
                ["Spread: each job starts its own instance. All at once: one start runs the day's jobs back to back.", "陆续到达：每个作业单独启动实例。一次性到达：启动一次，依次运行当天的作业。"];
            queue_startup_min "qsu" number(0.0, 1e4) in MINUTES
                "Minutes billed at each start of the queue's instances before the work begins (boot, image pull, data load); 10 is an assumption to replace with a measured start."
                ["Start-up billed", "启动计费时间"]
                ["Billed each time instances start (10 min assumed: boot, image, data).", "每次启动实例的计费时间（默认假设 10 分钟：开机、镜像、数据）。"];
            queue_idle_min "qid" number(0.0, 1e4) in MINUTES
                "Scale-down threshold: idle minutes after the work before the queue's instances are stopped (10 assumed)."
                ["Scale down after idle", "空闲多久后缩容"]
                ["Idle minutes before the instance is stopped after a job.", "作业结束后空闲多少分钟停止实例。"];
            queue_kept "qk" number(1.0, 1e4) in ["instances", "台实例"]
                "Sets of the job's instances kept up all month for the queue (more when the month's work needs them)."
                ["Instances kept up", "常驻实例数"]
                ["Instances kept up all month instead of starting and stopping.", "整月常驻、不启停的实例数。"];
        }
    };
}
