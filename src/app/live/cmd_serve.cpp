// kibitz serve: the relay between recorders and the page. Recorders stream their searches to a
// local TCP port (record.h's tcp://127.0.0.1:PORT); each stream is saved as it arrives
// (spool.hpp) and the newest is relayed to every page connected over a WebSocket (the page's
// #live=PORT). A page that connects late gets the stream so far from its file, then the rest.
//
// To the page: a text message {"begin":ID,"name":...,"saved_to":...} starts a stream, binary
// messages carry its bytes, {"end":ID} ends it (whole or cut short: the bytes say). Only pages
// from this machine (origin localhost, 127.0.0.1, [::1], a file, or none) may connect.
#include <websocketpp/config/asio_no_tls.hpp>
#include <websocketpp/server.hpp>

#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/live/engine_listener.hpp"
#include "app/live/spool.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

namespace {

using Server = websocketpp::server<websocketpp::config::asio>;
using Handle = websocketpp::connection_hdl;

// A page further behind than this is dropped (its socket closed): the relay's memory stays
// bounded whatever the page does.
constexpr std::size_t k_page_backlog_max = std::size_t{64} << 20;

bool local_origin(const std::string& origin) {
  if (origin.empty() || origin == "null" || origin.rfind("file://", 0) == 0) return true;
  for (const char* host : {"http://localhost", "http://127.0.0.1", "http://[::1]",
                           "https://localhost", "https://127.0.0.1", "https://[::1]"}) {
    const std::string h = host;
    if (origin.rfind(h, 0) == 0 && (origin.size() == h.size() || origin[h.size()] == ':'))
      return true;
  }
  return false;
}

class Relay {
 public:
  Relay(const std::string& spool_dir, int streams_to_serve)
      : m_dir(spool_dir), m_streams_to_serve(streams_to_serve) {
    m_server.clear_access_channels(websocketpp::log::alevel::all);
    m_server.clear_error_channels(websocketpp::log::elevel::all);
    m_server.init_asio();
    m_server.set_reuse_addr(true);
    m_server.set_validate_handler([this](Handle h) {
      auto c = m_server.get_con_from_hdl(h);
      if (local_origin(c->get_origin())) return true;
      std::fprintf(stderr, "kibitz serve: refused a page from %s (only this machine's)\n",
                   c->get_origin().c_str());
      return false;
    });
    m_server.set_open_handler([this](Handle h) { page_opened(h); });
    m_server.set_close_handler([this](Handle h) { m_pages.erase(h); });
    m_server.set_fail_handler([this](Handle h) { m_pages.erase(h); });
  }

  void listen_pages(int port) {
    std::error_code ec;
    m_server.listen(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"),
                                            static_cast<unsigned short>(port)),
                    ec);
    if (ec)
      throw InputError("cannot listen for pages on 127.0.0.1:" + std::to_string(port) + ": " +
                       ec.message());
    m_server.start_accept();
  }
  int page_port() {
    std::error_code ec;
    return m_server.get_local_endpoint(ec).port();
  }

  // The listener's thread hands each arrival to the relay's own (asio::post): everything below
  // runs on one thread.
  live::StreamHandlers handlers() {
    live::StreamHandlers h;
    h.begin = [this](std::uint64_t id, const std::string& peer) {
      asio::post(m_server.get_io_service(), [this, id, peer] { begin(id, peer); });
    };
    h.bytes = [this](std::uint64_t id, const std::uint8_t* p, std::size_t n) {
      auto copy = std::make_shared<std::vector<std::uint8_t>>(p, p + n);
      asio::post(m_server.get_io_service(), [this, id, copy] { bytes(id, *copy); });
    };
    h.end = [this](std::uint64_t id) {
      asio::post(m_server.get_io_service(), [this, id] { end(id); });
    };
    return h;
  }

  void run() { m_server.run(); }

 private:
  struct Stream {
    std::uint64_t id = 0;
    std::string name;
    std::unique_ptr<live::Spool> spool;
    std::string head;  // its first bytes, until they show the .kbz magic
    bool announced = false, refused = false, ended = false;
    std::uint64_t bytes = 0;
  };

  std::string begin_message(const Stream& s) const {
    return "{\"begin\":" + std::to_string(s.id) + ",\"name\":" + json_quote(s.name) +
           ",\"saved_to\":" + json_quote(s.spool ? s.spool->path() : "") + "}";
  }
  std::string end_message(const Stream& s) const {
    return "{\"end\":" + std::to_string(s.id) + "}";
  }

  void send(Handle h, const std::string& text, websocketpp::frame::opcode::value op) {
    auto c = m_server.get_con_from_hdl(h);
    if (c->get_buffered_amount() > k_page_backlog_max) {
      std::fprintf(stderr, "kibitz serve: a page fell %zu MiB behind: it is dropped\n",
                   k_page_backlog_max >> 20);
      std::error_code ec;
      m_server.close(h, websocketpp::close::status::policy_violation, "the page fell behind", ec);
      m_pages.erase(h);
      return;
    }
    std::error_code ec;
    m_server.send(h, text, op, ec);
  }
  void broadcast(const std::string& text, websocketpp::frame::opcode::value op) {
    const auto pages = m_pages;  // send may drop one
    for (Handle h : pages) send(h, text, op);
  }

  void page_opened(Handle h) {
    m_pages.insert(h);
    if (!m_current) return;
    send(h, begin_message(*m_current), websocketpp::frame::opcode::text);
    if (m_current->spool) {  // the stream so far, from its file
      try {
        const auto so_far = read_file_bytes(m_current->spool->path());
        send(h, std::string(so_far.begin(), so_far.end()), websocketpp::frame::opcode::binary);
      } catch (const InputError& e) {
        std::fprintf(stderr, "kibitz serve: %s\n", e.what());
      }
    }
    if (m_current->ended) send(h, end_message(*m_current), websocketpp::frame::opcode::text);
  }

  void begin(std::uint64_t id, const std::string& peer) {
    auto s = std::make_unique<Stream>();
    s->id = id;
    s->name = "engine " + std::to_string(id) + " at " + peer;
    try {
      s->spool = std::make_unique<live::Spool>(m_dir, id);
    } catch (const InputError& e) {
      std::fprintf(stderr, "kibitz serve: %s: relayed, not saved\n", e.what());
    }
    std::printf("kibitz serve: %s, saved to %s\n", s->name.c_str(),
                s->spool ? s->spool->path().c_str() : "(nothing)");
    std::fflush(stdout);
    m_streams.push_back(std::move(s));  // shown to the pages once its first bytes are a trace's
  }

  // A stream's first bytes: a trace's magic makes it the one shown; anything else is refused
  // (still saved: nothing received is lost).
  void check_head(Stream& s, const std::vector<std::uint8_t>& data) {
    static const char magic[] = {'K', 'I', 'B', 'I', 'T', 'Z', '\r', '\n'};
    for (std::size_t i = 0; i < data.size() && s.head.size() < sizeof magic; ++i)
      s.head += static_cast<char>(data[i]);
    if (s.head.compare(0, s.head.size(), magic, s.head.size()) != 0) {
      s.refused = true;
      std::fprintf(stderr,
                   "kibitz serve: %s sends no Kibitz trace (a recorder's stream starts with the "
                   ".kbz magic bytes): not relayed\n",
                   s.name.c_str());
      return;
    }
    if (s.head.size() < sizeof magic) return;
    s.announced = true;
    m_current = &s;
    broadcast(begin_message(s), websocketpp::frame::opcode::text);
  }

  Stream* find(std::uint64_t id) {
    for (auto& s : m_streams)
      if (s->id == id) return s.get();
    return nullptr;
  }

  void bytes(std::uint64_t id, const std::vector<std::uint8_t>& data) {
    Stream* s = find(id);
    if (!s) return;
    if (s->spool) s->spool->write(data.data(), data.size());
    s->bytes += data.size();
    if (!s->announced && !s->refused) check_head(*s, data);
    if (s == m_current)
      broadcast(std::string(data.begin(), data.end()), websocketpp::frame::opcode::binary);
  }

  void end(std::uint64_t id) {
    Stream* s = find(id);
    if (!s) return;
    s->ended = true;
    if (s->spool) {
      s->spool->close();
      if (!s->spool->error().empty())
        std::fprintf(stderr, "kibitz serve: %s\n", s->spool->error().c_str());
    }
    std::printf("kibitz serve: %s ended: %llu bytes%s%s\n", s->name.c_str(),
                static_cast<unsigned long long>(s->bytes), s->spool ? " in " : " (not saved)",
                s->spool ? s->spool->path().c_str() : "");
    std::fflush(stdout);
    if (s == m_current) broadcast(end_message(*s), websocketpp::frame::opcode::text);
    // Only the current stream's file is needed again (a page connecting late).
    if (s != m_current)
      m_streams.erase(std::find_if(m_streams.begin(), m_streams.end(),
                                   [s](const auto& p) { return p.get() == s; }));
    if (m_streams_to_serve > 0 && ++m_served >= m_streams_to_serve) stop_when_sent();
  }

  // --streams N: once the pages have taken every byte, the relay ends.
  void stop_when_sent() {
    for (Handle h : m_pages) {
      std::error_code ec;
      auto c = m_server.get_con_from_hdl(h, ec);
      if (!ec && c->get_buffered_amount() > 0) {
        auto timer = std::make_shared<asio::steady_timer>(m_server.get_io_service(),
                                                          std::chrono::milliseconds(20));
        timer->async_wait([this, timer](const std::error_code&) { stop_when_sent(); });
        return;
      }
    }
    std::error_code ec;
    m_server.stop_listening(ec);
    for (Handle h : m_pages) m_server.close(h, websocketpp::close::status::going_away, "done", ec);
    m_server.get_io_service().stop();
  }

  Server m_server;
  std::string m_dir;
  int m_streams_to_serve = 0, m_served = 0;
  std::set<Handle, std::owner_less<Handle>> m_pages;
  std::vector<std::unique_ptr<Stream>> m_streams;
  Stream* m_current = nullptr;
};

}  // namespace

int cmd_serve(int argc, char** argv) {
  const Args args(argc, argv, 0, {"listen", "ws", "spool", "streams"}, {});
  if (!args.positional().empty())
    throw InputError("serve takes no file: '" + args.positional().front() + "'");
  const int listen = static_cast<int>(args.integer("listen", 7720, 0, 65535));
  const int ws = static_cast<int>(args.integer("ws", 7721, 0, 65535));
  const std::string dir = args.value_or("spool", ".");
  const int streams = static_cast<int>(args.integer("streams", 0, 0, 1000000));
  live::check_spool_dir(dir);
  Relay relay(dir, streams);
  relay.listen_pages(ws);
  live::EngineListener engines("127.0.0.1", listen, relay.handlers());
  std::printf(
      "kibitz serve: recorders to tcp://127.0.0.1:%d (kbz_open), pages to ws://127.0.0.1:%d "
      "(open the page with #live=%d); streams saved in %s\n",
      engines.port(), relay.page_port(), relay.page_port(), dir.c_str());
  std::fflush(stdout);
  relay.run();
  return 0;
}

}  // namespace kibitz::cli
