// Every extension's record codec: the registry of typed records. An extension adds its codec
// header and a line of its decodable records to the list below.
#pragma once

#include "trace/records/codec.hpp"
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
    ((RecordCodec<Records>::matches(e) ? (n = RecordCodec<Records>::payloads, true) : false) ||
     ...);
    return n;
  }
  // Whether some record's codec reads the event e heads.
  static bool known(const Event& e) { return (RecordCodec<Records>::matches(e) || ...); }
};

// clang-format off
using AllRecords = RecordList<
    TableProbeRecord, TableStoreRecord,
    InterestTermRecord, InterestTotalRecord, InterestMoveRecord,
    PvsProbeRecord, PvsResearchRecord,
    FeTestRecord,
    gb::PlausibleMoveRecord, gb::WidthRecord, gb::ModificationRecord, gb::SecondaryRecord,
        gb::MateSkipRecord, gb::SecondaryResultRecord, gb::FeedoverRecord,
        gb::CaptureSearchRecord>;
// clang-format on

}  // namespace kibitz::trace
