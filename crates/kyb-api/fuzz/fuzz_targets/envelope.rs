//! Any bytes as an answer body, for one operation and HTTP status (the first byte):
//! the envelope reader and the error classifier must return, never panic, and the
//! error must carry its code. See `kyb_api_fuzz::answer`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| kyb_api_fuzz::answer(input));
