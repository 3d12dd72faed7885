#![no_main]
//! cargo fuzz run generated — see hlslc_fuzz::generated for what counts as a crash.
libfuzzer_sys::fuzz_target!(|data: &[u8]| hlslc_fuzz::generated(data));
