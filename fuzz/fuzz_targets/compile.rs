#![no_main]
//! cargo fuzz run compile — see hlslc_fuzz::compile for what counts as a crash.
libfuzzer_sys::fuzz_target!(|data: &[u8]| hlslc_fuzz::compile(data));
