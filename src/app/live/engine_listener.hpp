// Recorders streaming their searches (record.h's tcp:// paths) connect here: a local TCP port,
// accepted on a thread of its own. Each connection is one trace; its bytes are handed on as they
// arrive, on that thread (the desktop queues them for its UI thread, `kibitz serve` relays them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace kibitz::live {

struct StreamHandlers {
  // A recorder connected: connection id (1, 2, ...) and where from ("127.0.0.1:50412").
  std::function<void(std::uint64_t id, const std::string& peer)> begin;
  std::function<void(std::uint64_t id, const std::uint8_t* data, std::size_t size)> bytes;
  std::function<void(std::uint64_t id)> end;  // it closed (or died)
};

class EngineListener {
 public:
  // Listens on host:port (port 0: a free one, see port()). Throws InputError naming the port
  // when it cannot (taken, not allowed).
  EngineListener(const std::string& host, int port, StreamHandlers handlers);
  ~EngineListener();  // stops the thread; open connections end
  EngineListener(const EngineListener&) = delete;
  EngineListener& operator=(const EngineListener&) = delete;

  int port() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace kibitz::live
