//! The exit code of a failed command, from the kind of error the library's job returned (see
//! [`crate::errors`]): bad input (2), an interrupted, resumable run (3), anything else (1).

pub use crate::errors::{Interrupted, UserError, config_error, user};

/// The exit code for an error: 2 for bad input, 3 for an interruption, 1 for anything else.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    let users_fault = e
        .downcast_ref::<crate::agents::external::BotFault>()
        .is_some_and(|f| f.kind.is_users());
    if users_fault || e.downcast_ref::<UserError>().is_some() {
        2
    } else if e.downcast_ref::<Interrupted>().is_some() {
        3
    } else {
        1
    }
}
