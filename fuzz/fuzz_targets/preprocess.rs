#![no_main]
//! cargo fuzz run preprocess — see hlslc_fuzz::preprocess for what counts as a crash.
libfuzzer_sys::fuzz_target!(|data: &[u8]| hlslc_fuzz::preprocess(data));
