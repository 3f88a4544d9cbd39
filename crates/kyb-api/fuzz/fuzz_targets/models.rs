//! Any bytes as the answer of one model (the first byte): decoded through the
//! envelope and straight from the bytes, it must return, never panic, and what
//! decodes must be written and read back unchanged. See `kyb_api_fuzz::model`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| kyb_api_fuzz::model(input));
