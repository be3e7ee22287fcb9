//! The ops crate's tests, in one binary.

mod doctor; // the parser on real nvidia-smi output, the findings and the money, a fuzzed parser
mod launch; // recipes for the picks of the example scenarios: YAML that parses, flags per provider
