// Included by simulation.hlsli: the second level of the include chain.
#pragma once
#define GROUP_SIZE 64
static const uint ENABLED_BONUS = 1000;
