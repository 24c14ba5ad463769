#pragma once
// The initial weights Keras 2.2 gives MArk's network (the initialisers named
// in the layer configuration saved in MArk public code,
// resources/my_model_32.h5): Glorot uniform kernels, an orthogonal recurrent
// kernel, zero biases but for the forget gate's, which start at 1
// (unit_forget_bias). Every draw comes from the stream passed in, in a fixed
// order, so one seed gives byte-identical weights.
#include <Eigen/Core>
#include <cstddef>

#include "policies/mark/lstm_network.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {

// Glorot uniform (Keras VarianceScaling, scale 1, fan_avg, uniform): each
// weight uniform in [-l, l], l = sqrt(6 / (fan_in + fan_out)). Column-major order.
void fill_glorot_uniform(Eigen::Ref<Eigen::MatrixXd> weights, std::size_t fan_in, std::size_t fan_out,
                         RandomStream& random);

// Orthogonal (gain 1) for a tall matrix (rows >= cols): orthonormal columns.
// Keras takes the orthonormal factor of a standard normal matrix's SVD; this
// takes Q of its QR with R's diagonal made positive, which has the same
// (uniform, Haar) distribution and needs no SVD.
void fill_orthogonal(Eigen::Ref<Eigen::MatrixXd> weights, RandomStream& random);

// The whole network's initial parameters, drawn in this order: input kernel,
// recurrent kernel, Dense kernel.
LstmParameters keras_initial_parameters(std::size_t units, std::size_t outputs, RandomStream& random);

}  // namespace servesim::mark
