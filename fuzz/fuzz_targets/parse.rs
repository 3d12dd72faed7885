#![no_main]
//! cargo fuzz run parse — see hlslc_fuzz::parse for what counts as a crash.
libfuzzer_sys::fuzz_target!(|data: &[u8]| hlslc_fuzz::parse(data));
