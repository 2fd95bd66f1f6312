#include "app/live/engine_listener.hpp"

#include <array>
#include <asio.hpp>
#include <thread>

#include "core/error.hpp"

namespace kibitz::live {

namespace {

// One recorder's connection: reads until it closes.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(asio::ip::tcp::socket socket, std::uint64_t id, const StreamHandlers& h)
      : m_socket(std::move(socket)), m_id(id), m_h(h) {}
  void start() {
    std::error_code ec;
    const auto peer = m_socket.remote_endpoint(ec);
    if (m_h.begin)
      m_h.begin(m_id, ec ? std::string("?")
                         : peer.address().to_string() + ":" + std::to_string(peer.port()));
    read();
  }

 private:
  void read() {
    auto self = shared_from_this();
    m_socket.async_read_some(asio::buffer(m_buffer),
                             [this, self](const std::error_code& ec, std::size_t n) {
                               if (n && m_h.bytes) m_h.bytes(m_id, m_buffer.data(), n);
                               if (ec) {
                                 if (m_h.end) m_h.end(m_id);
                                 return;
                               }
                               read();
                             });
  }

  asio::ip::tcp::socket m_socket;
  std::uint64_t m_id;
  const StreamHandlers& m_h;
  std::array<std::uint8_t, 1 << 16> m_buffer{};
};

}  // namespace

struct EngineListener::Impl {
  asio::io_context io;
  asio::ip::tcp::acceptor acceptor{io};
  StreamHandlers handlers;
  std::uint64_t next_id = 0;
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](const std::error_code& ec, asio::ip::tcp::socket socket) {
      if (ec) return;  // closed: the listener is stopping
      std::make_shared<Connection>(std::move(socket), ++next_id, handlers)->start();
      accept();
    });
  }
};

EngineListener::EngineListener(const std::string& host, int port, StreamHandlers handlers)
    : m_impl(std::make_unique<Impl>()) {
  if (port < 0 || port > 65535)
    throw InputError("port " + std::to_string(port) + " is not a TCP port (0-65535)");
  m_impl->handlers = std::move(handlers);
  std::error_code ec;
  const auto address = asio::ip::make_address(host, ec);
  if (ec) throw InputError("'" + host + "' is not an IP address to listen on (e.g. 127.0.0.1)");
  const asio::ip::tcp::endpoint at(address, static_cast<unsigned short>(port));
  m_impl->acceptor.open(at.protocol(), ec);
  if (!ec) m_impl->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) m_impl->acceptor.bind(at, ec);
  if (!ec) m_impl->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw InputError("cannot listen on " + host + ":" + std::to_string(port) + ": " + ec.message());
  m_impl->accept();
  m_impl->thread = std::thread([impl = m_impl.get()] { impl->io.run(); });
}

EngineListener::~EngineListener() {
  m_impl->io.stop();
  if (m_impl->thread.joinable()) m_impl->thread.join();
}

int EngineListener::port() const {
  return m_impl->acceptor.local_endpoint().port();
}

}  // namespace kibitz::live
