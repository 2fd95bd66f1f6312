// Every extension's record codec: the registry of typed records. An extension adds its codec
// header and a line of its decodable records to the list below.
#pragma once

#include <type_traits>

#include "trace/records/codec.hpp"
#include "trace/records/engine_codec.hpp"
#include "trace/records/fe_codec.hpp"
#include "trace/records/greenblatt_codec.hpp"
#include "trace/records/interest_codec.hpp"
#include "trace/records/pvs_codec.hpp"
#include "trace/records/table_codec.hpp"

namespace kibitz::trace {

template <class... Records>
struct RecordList {
  // The payload events the record headed by e declares; 0 when no record matches.
  static int payloads(const Event& e) {
    int n = 0;
    (void)((RecordCodec<Records>::matches(e) ? (n = RecordCodec<Records>::payloads, true)
                                             : false) ||
           ...);
    return n;
  }
  // Whether some record's codec reads the event e heads.
  static bool known(const Event& e) { return (RecordCodec<Records>::matches(e) || ...); }
  // Whether payload `slot` of the record headed by e holds a string id in its a.
  static bool string_payload(const Event& e, int slot) {
    return ((RecordCodec<Records>::matches(e) && slot == string_payload_of<Records>()) || ...);
  }

 private:
  template <class R>
  static constexpr int string_payload_of() {
    if constexpr (has_string_payload<R>::value)
      return RecordCodec<R>::string_payload;
    else
      return -1;
  }
  template <class R, class = void>
  struct has_string_payload : std::false_type {};
  template <class R>
  struct has_string_payload<R, std::void_t<decltype(RecordCodec<R>::string_payload)>>
      : std::true_type {};
};

// clang-format off
using AllRecords = RecordList<
    TableProbeRecord, TableStoreRecord,
    InterestTermRecord, InterestTotalRecord, InterestMoveRecord,
    PvsProbeRecord, PvsResearchRecord,
    AttemptRecord, NodeFactsRecord, StaticEvalRecord, HashKeyRecord, PruneRecord, TableMoveRecord,
    FeTestRecord,
    gb::PlausibleMoveRecord, gb::WidthRecord, gb::ModificationRecord, gb::SecondaryRecord,
        gb::MateSkipRecord, gb::SecondaryResultRecord, gb::FeedoverRecord,
        gb::CaptureSearchRecord>;
// clang-format on

}  // namespace kibitz::trace
