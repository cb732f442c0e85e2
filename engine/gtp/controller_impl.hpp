// Internal: the state of one rm::gtp::Controller, shared by controller.cpp (commands, CPU
// time, close) and controller_start.cpp (the start sequence).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/gtp/channel.hpp"
#include "engine/gtp/controller.hpp"

namespace rm::gtp {

struct Controller::Impl {
  EngineSpec spec;
  std::unique_ptr<detail::Channel> channel;  // null if the process could not be spawned
  Description description;
  std::optional<bool> claims_cpu_time;
  std::optional<double> gtp_cpu_time;
  bool quit_submitted = false;
  int error_count = 0;
  std::optional<CloseReport> close_report;

  std::variant<std::string, GtpError> counted(std::variant<std::string, GtpError> r) {
    if (std::holds_alternative<GtpError>(r)) ++error_count;
    return r;
  }

  std::string player() const { return "player " + spec.name; }

  double timeout_for(CommandKind kind) const {
    return kind == CommandKind::Genmove ? spec.timeouts.genmove_s : spec.timeouts.other_s;
  }

  // timeout_setting: the setting named in a timeout's message ("timeouts.startup").
  void submit_with_timeout(const std::vector<Command>& commands, double timeout_s,
                           const std::string& timeout_setting = {}) {
    std::vector<detail::Channel::Request> requests;
    for (const auto& c : commands)
      requests.push_back(
          {c.name, c.args, timeout_s, detail::Channel::Purpose::Caller, {}, timeout_setting});
    channel->submit(requests);
  }

  // One command and its response, with an explicit deadline (start and quit use their own).
  std::variant<std::string, GtpError> command(const std::string& name,
                                              const std::vector<std::string>& args,
                                              double timeout_s) {
    channel->abandon();
    submit_with_timeout({{name, args}}, timeout_s);
    return channel->receive();
  }

  // The known_command query for `name`, unless its answer is cached or already awaited.
  std::optional<detail::Channel::Request> known_query(const std::string& name) const {
    if (channel->cached_known(name) || channel->known_query_pending(name)) return std::nullopt;
    // Ask about the name the engine will actually receive (after aliasing).
    const auto alias = spec.gtp_aliases.find(name);
    const std::string& actual = alias == spec.gtp_aliases.end() ? name : alias->second;
    return detail::Channel::Request{"known_command",
                                    {actual},
                                    spec.timeouts.other_s,
                                    detail::Channel::Purpose::KnownCommand,
                                    name,
                                    {}};
  }

  CloseReport do_close();
};

}  // namespace rm::gtp
