// Amplification + mesh + pixel shaders for `tests/mesh_device.rs` (a GPU with
// VK_EXT_mesh_shader; lavapipe has none). Compiled three times, one entry point each:
//   -T as_6_5 -E as_main, -T ms_6_5 -E ms_main, -T ps_6_0 -E ps_main
// A 64x64 target holds a 4x4 grid of 16x16-pixel cells. Each amplification group handles one
// row of cells: its threads test their cell, append the visible ones to the groupshared
// payload (in any order) and launch one mesh group per visible cell. A mesh group writes the
// cell's quad: 4 vertices (field by field) and 2 triangles with per-primitive outputs —
// `SV_PrimitiveID` = cell * 2 + triangle, and `SV_CullPrimitive` on the lower-right triangle
// of cell 5; `SV_ClipDistance` clips the left half of cell 8 (its distance runs from -0.5 at
// the cell's left edge to 0.5 at its right). The pixel shader writes the cell's flat colour
// and the primitive id (alpha).

struct Payload {
    uint cells[4];
};

groupshared Payload payload;
groupshared uint visible_count;

// Cells 1, 4, 7, 10 and 13 are hidden.
bool cell_visible(uint cell) {
    return cell % 3 != 1;
}

[numthreads(4, 1, 1)]
void as_main(uint tid : SV_GroupThreadID, uint3 group : SV_GroupID) {
    if (tid == 0) {
        visible_count = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    uint cell = group.x * 4 + tid;
    if (cell_visible(cell)) {
        uint slot;
        InterlockedAdd(visible_count, 1, slot);
        payload.cells[slot] = cell;
    }
    GroupMemoryBarrierWithGroupSync();
    DispatchMesh(visible_count, 1, 1, payload);
}

struct Vertex {
    float4 position : SV_Position;
    nointerpolation float4 color : COLOR0;
    float clip : SV_ClipDistance;
};

struct Primitive {
    uint id : SV_PrimitiveID;
    bool cull : SV_CullPrimitive;
};

[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void ms_main(uint tid : SV_GroupThreadID, uint3 group : SV_GroupID, in payload Payload p,
             out vertices Vertex verts[4], out indices uint3 tris[2], out primitives Primitive prims[2]) {
    SetMeshOutputCounts(4, 2);
    uint cell = p.cells[group.x];
    uint col = cell % 4;
    uint row = cell / 4;
    // Corners (0, 0), (1, 0), (0, 1), (1, 1) of the cell; rows go down from the top.
    float2 corner = float2(tid & 1, tid >> 1);
    verts[tid].position = float4(-1.0 + (col + corner.x) * 0.5, 1.0 - (row + corner.y) * 0.5, 0.0, 1.0);
    verts[tid].color = float4(col / 3.0, row / 3.0, 0.5, 1.0);
    verts[tid].clip = cell == 8 ? corner.x - 0.5 : 1.0;
    if (tid < 2) {
        // Triangle 0: the upper-left half of the cell; triangle 1: the lower-right half.
        tris[tid] = tid == 0 ? uint3(0, 1, 2) : uint3(1, 3, 2);
        Primitive prim;
        prim.id = cell * 2 + tid;
        prim.cull = cell == 5 && tid == 1;
        prims[tid] = prim;
    }
}

float4 ps_main(float4 position : SV_Position, nointerpolation float4 color : COLOR0, uint prim : SV_PrimitiveID) : SV_Target {
    return float4(color.rgb, prim / 255.0);
}
