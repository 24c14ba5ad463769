#pragma once
// What served a query's last finished visit: a replica, a Lambda function, or
// nothing yet. Four bytes in the query's QueryRecord, because the query table
// is on the hot path and queries.csv is usually off: only an id is kept while
// the query runs, and the variant and device type behind it are looked up
// when the query leaves, only if a query sink reads them
// (FrontEnd::describe_service).
#include <cstdint>

#include "sim/serving/replica.hpp"

namespace servesim {

class ServedBy {
 public:
  ServedBy() = default;
  static ServedBy replica(ReplicaId id) { return ServedBy(id); }
  static ServedBy lambda(std::uint32_t function) { return ServedBy(kLambdaBit | function); }

  bool by_replica() const { return code_ != kNobody && (code_ & kLambdaBit) == 0; }
  bool by_lambda() const { return code_ != kNobody && (code_ & kLambdaBit) != 0; }
  ReplicaId replica_id() const { return code_; }                         // if by_replica()
  std::uint32_t lambda_function() const { return code_ & ~kLambdaBit; }  // if by_lambda()

 private:
  // Replica ids are dense from 0 and never come near 2^31 (a day of the
  // busiest policy loads ~300 k replicas), so the top bit is free to mark a
  // Lambda function's index.
  static constexpr std::uint32_t kLambdaBit = 0x80000000u;
  static constexpr std::uint32_t kNobody = kNoReplica;

  explicit ServedBy(std::uint32_t code) : code_(code) {}
  std::uint32_t code_ = kNobody;
};

}  // namespace servesim
