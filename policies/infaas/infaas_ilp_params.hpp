#pragma once
// The infaas-ilp policy's parameters, declared once (what each means:
// infaas_ilp_policy.hpp). The constructor reads them through this table.
#include "policies/param_table.hpp"

namespace servesim::infaas {

const ParamTable& ilp_param_table();

}  // namespace servesim::infaas
