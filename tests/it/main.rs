//! The integration tests, in one crate so that they build and link once.

mod common;

mod agreement;
mod cards_properties;
mod catch_the_ten_cases;
mod cli;
mod cli_nine_five_two;
mod cli_solve;
mod cli_whist;
mod conformance_catch_the_ten;
mod conformance_nine_five_two;
mod conformance_registry;
mod conformance_whist;
mod docs;
mod experiment;
mod golden;
mod ismcts;
mod knowledge;
mod nine_five_two_cases;
mod pimc_decisions;
mod pimc_oracle;
mod replay;
mod replay_nine_five_two;
mod replay_whist;
mod rules_catch_the_ten;
mod rules_nine_five_two;
mod rules_whist;
mod solver_brute_force;
mod solver_dds;
mod whist_cases;
