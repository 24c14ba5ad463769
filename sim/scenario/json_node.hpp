#pragma once
// Moved to sim/core so that policies can validate their own parameters.
#include "sim/core/json_node.hpp"
