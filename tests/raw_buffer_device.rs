//! `vk::RawBufferLoad` and `vk::RawBufferStore` executed on Vulkan through
//! `VK_KHR_buffer_device_address` (lavapipe has it).
//!
//! hlslc's SPIR-V for `tests/fixtures/vulkan/raw_buffer/linked_list.hlsl` runs on the `ash`
//! runner over one buffer with a device address, filled with a linked list whose nodes lie in
//! shuffled order: the shader reads its own address from the buffer, follows the list with
//! `RawBufferLoad<Node>` (a struct), writes each node's running sum back with
//! `RawBufferStore<uint>`, and loads and stores a `uint2`, a `float4` (a store whose type is
//! deduced from the value), a `bool` (a `uint` in memory) and a struct naga would lay out
//! differently from DXC (`float3` after a `float`, read and written word by word at DXC's
//! offsets). The whole buffer is compared with a CPU model.
//!
//! `tests/fixtures/vulkan/buffer_pointer/linked_list.hlsl` walks a list of `vk::BufferPointer`
//! nodes (a forward-declared struct pointing to itself) from a pointer in a push constant,
//! reading members through `.Get()`, writing a component through a `vk::static_pointer_cast`
//! to the base struct, array elements and a `uint64_t` of a second pointee, and a word through a
//! `vk::reinterpret_pointer_cast` and a pointer made from an address, and updating counters with
//! `Interlocked*` (add, signed min, compare-exchange, or) through a pointer; the buffer is
//! compared with a CPU model.

mod raw_vulkan;

use raw_vulkan::stage_tests::{device_with, fixture_spirv};
use raw_vulkan::Resource;

const LEN: usize = 128 + 16 * NODES;
const NODES: usize = 10;

/// Node `k` of the list lies in slot `SLOTS[k]` (at byte 128 + 16 slot).
const SLOTS: [usize; NODES] = [3, 7, 0, 9, 1, 5, 8, 2, 6, 4];

/// A `Loose { float f; float3 v; }` at byte 80, tightly: f, v.x, v.y, v.z.
const LOOSE: [f32; 4] = [2.5, 10.0, 20.0, 30.0];

fn value(k: usize) -> u32 {
    (k as u32 + 1) * 11
}

fn slot_address(base: u64, slot: usize) -> u64 {
    base + 128 + 16 * slot as u64
}

/// The buffer before the run: its address, the list, a float4 and a bool.
fn fill(base: u64) -> Vec<u8> {
    let mut b = vec![0u8; LEN];
    b[0..8].copy_from_slice(&base.to_le_bytes());
    b[8..16].copy_from_slice(&slot_address(base, SLOTS[0]).to_le_bytes());
    for (k, &f) in [1.5f32, -2.25, 3.0, 1e10].iter().enumerate() {
        b[32 + 4 * k..36 + 4 * k].copy_from_slice(&f.to_le_bytes());
    }
    b[64..68].copy_from_slice(&7u32.to_le_bytes());
    for (k, &f) in LOOSE.iter().enumerate() {
        b[80 + 4 * k..84 + 4 * k].copy_from_slice(&f.to_le_bytes());
    }
    for k in 0..NODES {
        let at = 128 + 16 * SLOTS[k];
        let next = if k + 1 < NODES { slot_address(base, SLOTS[k + 1]) } else { 0 };
        b[at..at + 8].copy_from_slice(&next.to_le_bytes());
        b[at + 8..at + 12].copy_from_slice(&value(k).to_le_bytes());
    }
    b
}

#[test]
fn loads_and_stores_follow_device_addresses() {
    let Some(device) = device_with("bufferDeviceAddress", |d| d.buffer_device_address) else { return };
    let spirv = fixture_spirv("raw_buffer/linked_list.hlsl", "cs_6_0");
    let out = device.run(&spirv, &[Resource::Addressed { len: LEN, fill }], [1, 1, 1]).unwrap();
    let got = &out[0];
    // The model: the same buffer, with what the shader writes.
    let base = u64::from_le_bytes(got[0..8].try_into().unwrap());
    let mut want = fill(base);
    let mut sum = 0u32;
    for (k, slot) in SLOTS.iter().enumerate() {
        sum += value(k);
        let at = 128 + 16 * slot + 12;
        want[at..at + 4].copy_from_slice(&sum.to_le_bytes());
    }
    want[16..20].copy_from_slice(&sum.to_le_bytes());
    want[20..24].copy_from_slice(&(NODES as u32).to_le_bytes());
    for (k, &f) in [1.5f32, -2.25, 3.0, 1e10].iter().enumerate() {
        want[48 + 4 * k..52 + 4 * k].copy_from_slice(&(f * 2.0).to_le_bytes());
    }
    want[68..72].copy_from_slice(&0u32.to_le_bytes());
    // f * 3 and v.zxy + 0.5.
    let scaled = [LOOSE[0] * 3.0, LOOSE[3] + 0.5, LOOSE[1] + 0.5, LOOSE[2] + 0.5];
    for (k, &f) in scaled.iter().enumerate() {
        want[96 + 4 * k..100 + 4 * k].copy_from_slice(&f.to_le_bytes());
    }
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.chunks(4).zip(want.chunks(4)).enumerate() {
        assert_eq!(g, w, "bytes {}..{}", 4 * i, 4 * i + 4);
    }
}

/// Node `k` of the pointer list lies in slot `POINTER_SLOTS[k]` (at byte 128 + 32 slot).
const POINTER_SLOTS: [usize; NODES] = [6, 2, 9, 0, 4, 8, 1, 7, 3, 5];

fn node_value(k: usize) -> [f32; 4] {
    let k = k as f32;
    [k + 1.0, 2.0 * k + 0.5, -0.25 * k, 100.0]
}

fn node_address(base: u64, slot: usize) -> u64 {
    base + 128 + 32 * slot as u64
}

/// The buffer before the run: the nodes, each `{ float4 value; node_p next; }`.
fn fill_pointer_list(base: u64) -> Vec<u8> {
    let mut b = vec![0u8; 128 + 32 * NODES];
    for k in 0..NODES {
        let at = 128 + 32 * POINTER_SLOTS[k];
        for (i, f) in node_value(k).iter().enumerate() {
            b[at + 4 * i..at + 4 * i + 4].copy_from_slice(&f.to_le_bytes());
        }
        let next = if k + 1 < NODES { node_address(base, POINTER_SLOTS[k + 1]) } else { 0 };
        b[at + 16..at + 24].copy_from_slice(&next.to_le_bytes());
    }
    b
}

/// The push constants: `{ node_p head; vk::BufferPointer<Result> result; }`.
fn pointer_push_constants(addresses: &[u64]) -> Vec<u8> {
    let base = addresses[0];
    [node_address(base, POINTER_SLOTS[0]), base].iter().flat_map(|a| a.to_le_bytes()).collect()
}

#[test]
fn buffer_pointers_walk_a_linked_list() {
    let Some(device) = device_with("bufferDeviceAddress", |d| d.buffer_device_address) else { return };
    let spirv = fixture_spirv("buffer_pointer/linked_list.hlsl", "cs_6_0");
    let len = 128 + 32 * NODES;
    let out = device.run_with_push_constants(&spirv, &[Resource::Addressed { len, fill: fill_pointer_list }], [1, 1, 1], Some(pointer_push_constants)).unwrap();
    let got = &out[0];
    // The base address, from the tail pointer the shader wrote (the last node's).
    let tail = u64::from_le_bytes(got[64..72].try_into().unwrap());
    let base = tail - 128 - 32 * POINTER_SLOTS[NODES - 1] as u64;
    let mut want = fill_pointer_list(base);
    let mut sum = [0f32; 4];
    for k in 0..NODES {
        let value = node_value(k);
        for i in 0..4 {
            sum[i] += value[i];
        }
        let at = 128 + 32 * POINTER_SLOTS[k] + 12;
        want[at..at + 4].copy_from_slice(&(k as f32).to_le_bytes());
        want[20 + 4 * k..24 + 4 * k].copy_from_slice(&(value[0] as u32).to_le_bytes());
    }
    for (i, f) in sum.iter().enumerate() {
        want[4 * i..4 * i + 4].copy_from_slice(&f.to_le_bytes());
    }
    want[16..20].copy_from_slice(&(NODES as u32).to_le_bytes());
    want[64..72].copy_from_slice(&node_address(base, POINTER_SLOTS[NODES - 1]).to_le_bytes());
    want[72..76].copy_from_slice(&(sum[0].to_bits() ^ 0xffff_ffff).to_le_bytes());
    // The counters: the sum of 1..=10, the least of 5 - k (and 0), the compare-exchange chain
    // (k to k + 1), and the bits of k and of each original value k << 16.
    let bits = (0..NODES as u32).fold(0u32, |b, k| b | (k << 16) | (1 << k));
    for (k, v) in [55u32, (5 - NODES as i32 + 1) as u32, NODES as u32, bits].iter().enumerate() {
        want[80 + 4 * k..84 + 4 * k].copy_from_slice(&v.to_le_bytes());
    }
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.chunks(4).zip(want.chunks(4)).enumerate() {
        assert_eq!(g, w, "bytes {}..{}", 4 * i, 4 * i + 4);
    }
}
