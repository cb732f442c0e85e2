// Controller::start and start_all: spawn, protocol_version, name, version,
// gomill-describe_engine, startup commands (gomill's sequence), in stages so that several
// engines can start at once.
#include <cstdlib>

#include "engine/gtp/controller_impl.hpp"
#include "engine/gtp/wire.hpp"

namespace rm::gtp {

namespace {

// Said in a start-up timeout's message: what to raise (the control file's setting for
// startup_s, and ringmaster match's option that writes it).
const std::string kStartupSetting =
    "raise the player's timeouts.startup setting; ringmaster match: --startup-timeout";

std::optional<std::string> non_empty(std::string s) {
  if (s.empty()) return std::nullopt;
  return sanitise_utf8(s);
}

}  // namespace

std::variant<std::unique_ptr<Controller>, GtpError> Controller::start(
    const EngineSpec& spec, GtpLog log, std::string log_channel, const std::atomic<bool>* abort) {
  auto results = start_all({StartRequest{spec, std::move(log), std::move(log_channel), abort}});
  return std::move(results.front());
}

std::vector<std::variant<std::unique_ptr<Controller>, GtpError>> Controller::start_all(
    const std::vector<StartRequest>& requests) {
  using Result = std::variant<std::unique_ptr<Controller>, GtpError>;
  std::vector<Result> results(requests.size());
  auto controller = [&](std::size_t i) -> Controller* {
    auto* c = std::get_if<std::unique_ptr<Controller>>(&results[i]);
    return c == nullptr ? nullptr : c->get();
  };
  auto fail = [&](std::size_t i, GtpError e) {
    controller(i)->close();
    results[i] = std::move(e);
  };

  // Stage 1: spawn every engine and send it protocol_version (gomill's gate: nothing else is
  // sent to an engine until it has answered).
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const StartRequest& req = requests[i];
    rm::process::ProcessSpec process_spec = req.spec.process;
    if (process_spec.stderr_name.empty()) process_spec.stderr_name = "player " + req.spec.name;
    auto spawned = rm::process::Process::spawn(process_spec);
    if (auto* e = std::get_if<rm::process::SpawnError>(&spawned)) {
      results[i] = GtpError{ErrorKind::StartFailed, "error starting subprocess for player " +
                                                        req.spec.name + ":\n" + e->message};
      continue;
    }
    auto impl = std::make_unique<Impl>();
    impl->spec = req.spec;
    detail::Channel::Settings settings;
    settings.player = req.spec.name;
    settings.aliases = req.spec.gtp_aliases;
    settings.log = req.log;
    settings.log_channel = req.log_channel.empty() ? req.spec.name : req.log_channel;
    settings.abort = req.abort;
    settings.discard_timeout_s = req.spec.timeouts.quit_s;
    settings.pipelining = req.spec.pipelining;
    settings.startup_banner_lines = req.spec.startup_banner_lines;
    impl->channel = std::make_unique<detail::Channel>(
        std::move(settings), std::move(std::get<std::unique_ptr<rm::process::Process>>(spawned)));
    impl->submit_with_timeout({{"protocol_version", {}}}, req.spec.timeouts.startup_s,
                              kStartupSetting);
    results[i] = std::unique_ptr<Controller>(new Controller(std::move(impl)));
  }

  // Stage 2: check protocol_version (a failure response is accepted; otherwise the answer
  // must be 2), then send name, version and known_command gomill-describe_engine together.
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Controller* ctl = controller(i);
    if (ctl == nullptr) continue;
    Impl& c = *ctl->impl_;
    auto pv = c.channel->receive();
    if (auto* e = std::get_if<GtpError>(&pv)) {
      if (e->kind != ErrorKind::FailureResponse) {
        fail(i, *e);
        continue;
      }
    } else {
      const std::string& v = std::get<std::string>(pv);
      char* end = nullptr;
      const double number = std::strtod(v.c_str(), &end);
      if (v.empty() || end == nullptr || *end != '\0' || number != 2.0) {
        fail(i, {ErrorKind::ProtocolError, c.player() + " reports GTP protocol version " + v});
        continue;
      }
    }
    c.submit_with_timeout(
        {{"name", {}}, {"version", {}}, {"known_command", {"gomill-describe_engine"}}},
        c.spec.timeouts.startup_s, kStartupSetting);
  }

  // Stage 3: the answers (failure responses to name/version/known_command mean "absent"),
  // then gomill-describe_engine if known and the startup commands, pipelined (a failure
  // response to a startup command is an error).
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Controller* ctl = controller(i);
    if (ctl == nullptr) continue;
    Impl& c = *ctl->impl_;
    std::optional<GtpError> error;
    auto text_or_none = [&](std::optional<std::string>& out) {
      auto r = c.channel->receive();
      if (error) return;
      if (auto* e = std::get_if<GtpError>(&r)) {
        if (e->kind != ErrorKind::FailureResponse) error = *e;
        return;
      }
      out = non_empty(std::get<std::string>(r));
    };
    text_or_none(c.description.name);
    text_or_none(c.description.version);
    std::optional<std::string> known_answer;
    {
      auto r = c.channel->receive();
      if (auto* e = std::get_if<GtpError>(&r); e && e->kind != ErrorKind::FailureResponse && !error)
        error = *e;
      if (auto* s = std::get_if<std::string>(&r)) known_answer = *s;
    }
    if (error) {
      fail(i, *error);
      continue;
    }
    const bool describe = known_answer == "true";
    c.channel->set_known("gomill-describe_engine", describe);
    std::vector<Command> commands;
    if (describe) commands.push_back({"gomill-describe_engine", {}});
    for (const auto& words : c.spec.startup_gtp_commands) {
      if (!words.empty()) commands.push_back({words[0], {words.begin() + 1, words.end()}});
    }
    if (commands.empty()) continue;
    c.submit_with_timeout(commands, c.spec.timeouts.startup_s, kStartupSetting);
    if (describe) text_or_none(c.description.describe_engine);
    for (std::size_t k = describe ? 1 : 0; k < commands.size() && !error; ++k) {
      auto r = c.channel->receive();
      if (auto* e = std::get_if<GtpError>(&r)) error = *e;
    }
    if (error) {
      c.channel->abandon();
      fail(i, *error);
    }
  }
  return results;
}

}  // namespace rm::gtp
