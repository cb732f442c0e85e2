// ce_tuner settings: gomill's cem_tuners.py settings, checks and messages, in YAML; the
// candidate template is the mc_tuner's (same keys, same placeholder rules).
#include "ringmaster/control/ce_tuner_settings.hpp"

#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

#include "ringmaster/control/parameters.hpp"
#include "ringmaster/control/player_fields.hpp"
#include "scales/python_format.hpp"
#include "scales/scale.hpp"

namespace rm::control::detail {

const std::vector<std::string>& ce_tuner_keys() {
  static const std::vector<std::string> keys{"candidate_colour",
                                             "opponent",
                                             "parameters",
                                             "candidate",
                                             "number_of_generations",
                                             "samples_per_generation",
                                             "batch_size",
                                             "elite_proportion",
                                             "step_size",
                                             "seed"};
  return keys;
}

namespace {

// Samples (and their statistics) live in memory and in the state saved with every game, so an
// absurd generation size is refused here rather than failing later.
constexpr int kMaxSamplesPerGeneration = 100000;

// --- The candidate template. The same rules as the mc_tuner's candidate (mc_tuner_settings.cpp
// keeps its reader private, so this is a copy of it; keep the two in step). ---

void check_placeholders(const Reader& r, const Field& f,
                        const std::vector<rm::scales::Parameter>& params,
                        std::set<std::string>& used) {
  if (f.node.IsScalar()) {
    try {
      for (auto& code : placeholder_codes(f.node.Scalar(), params)) used.insert(code);
    } catch (const ConfigError& e) {
      r.fail(f, e.what());
    }
  } else if (f.node.IsSequence()) {
    for (const auto& item : sequence_items(r, f)) check_placeholders(r, item, params, used);
  } else if (f.node.IsMap()) {
    for (const auto& [k, v] : free_mapping(r, f)) check_placeholders(r, v, params, used);
  }
}

std::vector<TemplateFile> read_template_files(const Reader& r, const Field& f,
                                              const std::string& directory,
                                              const std::vector<rm::scales::Parameter>& params,
                                              std::set<std::string>& used) {
  std::vector<TemplateFile> files;
  for (const auto& [name, spec] : free_mapping(r, f)) {
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
      r.fail(spec, "file name must be a plain name without '/'");
    Mapping m(r, spec, {"template"});
    Field t = m.require("template");
    TemplateFile file;
    file.name = name;
    file.template_path = resolve_against(directory, expand_user(read_string(r, t)));
    std::ifstream in(file.template_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) r.fail(t, "cannot read template file " + file.template_path);
    file.text = text.str();
    try {
      for (auto& code : placeholder_codes(file.text, params)) used.insert(code);
    } catch (const ConfigError& e) {
      r.fail(t, std::string("in ") + file.template_path + ": " + e.what());
    }
    files.push_back(std::move(file));
  }
  return files;
}

CandidateTemplate read_candidate(const Reader& r, const Field& f,
                                 const std::vector<ReadParameter>& read_params,
                                 const ControlFile& control) {
  std::vector<std::string> keys = player_keys();
  keys.push_back("files");
  Mapping m(r, f, keys);
  std::vector<rm::scales::Parameter> params;
  for (const auto& rp : read_params) params.push_back(rp.parameter);

  std::set<std::string> used;
  for (const char* key : {"command", "cwd", "environ", "startup_gtp_commands", "gtp_aliases"})
    if (auto g = m.find(key)) check_placeholders(r, *g, params, used);

  PlayerFields fields = read_player_fields(r, m);
  CandidateTemplate t;
  t.command = fields.command;
  t.cwd = fields.cwd;
  t.environ = fields.environ;
  t.startup_gtp_commands = fields.startup_gtp_commands;
  t.gtp_aliases = fields.gtp_aliases;
  t.is_reliable_scorer = fields.is_reliable_scorer;
  t.allow_claim = fields.allow_claim;
  t.sgf_player_name_from_gtp = fields.sgf_player_name_from_gtp;
  t.discard_stderr = fields.discard_stderr;
  t.timeouts = fields.timeouts;
  if (auto g = m.find("files"))
    t.files = read_template_files(r, *g, control.directory, params, used);
  t.parameters = params;
  t.directory = control.directory;
  t.stderr_to_log = control.common.stderr_to_log;
  t.log_path = resolve_against(control.directory, control.code + ".log");

  // An unused parameter would make candidates that differ only in name: refuse it.
  for (const auto& rp : read_params)
    if (used.count(rp.parameter.code) == 0)
      r.fail(rp.field, "parameter '" + rp.parameter.code +
                           "' is not used by the candidate template "
                           "(put {" +
                           rp.parameter.code +
                           "} in its command, startup_gtp_commands, environ or files)");
  return t;
}

// --- Parameters ---

// `transform`: a muparser expression in x ("max(10, 10^x)"), or {expression: .., integer: ..}
// (integer rounds like gomill's int(x + 0.5)). Absent: the identity, like gomill's float.
std::shared_ptr<const rm::scales::Scale> read_transform(const Reader& r,
                                                        const std::optional<Field>& f) {
  std::string expression = "x";
  bool integer = false;
  Field where = f ? *f : Field{};
  if (f && f->node.IsMap()) {
    Mapping m(r, *f, {"expression", "integer"});
    where = m.require("expression");
    expression = read_string(r, where);
    if (auto g = m.find("integer")) integer = read_bool(r, *g);
  } else if (f) {
    if (!f->node.IsScalar())
      r.fail(*f,
             "must be an expression in x (\"max(10, 10^x)\") or {expression: .., integer: true}");
    expression = read_string(r, *f);
  }
  try {
    return rm::scales::make_expression(expression, integer);
  } catch (const rm::scales::ScaleError& e) {
    r.fail(where, e.what());
  }
}

std::vector<ReadParameter> read_ce_parameters(const Reader& r, const Field& f,
                                              std::vector<CeParameter>& out) {
  std::vector<Field> items = sequence_items(r, f);
  if (items.empty()) r.fail(f, "empty list");
  std::vector<ReadParameter> read;
  std::set<std::string> seen;
  for (const auto& item : items) {
    Mapping m(r, item, {"code", "initial_mean", "initial_variance", "transform", "format"});
    CeParameter p;
    Field code_field = m.require("code");
    p.engine.code = read_identifier(r, code_field);
    if (!seen.insert(p.engine.code).second)
      r.fail(code_field, "duplicate parameter code: " + p.engine.code);
    p.initial_mean = read_number(r, m.require("initial_mean"));
    Field variance = m.require("initial_variance");
    p.initial_variance = read_number(r, variance);
    if (p.initial_variance < 0.0) r.fail(variance, "must be nonnegative");
    const auto transform_field = m.find("transform");
    p.engine.scale = read_transform(r, transform_field);
    // gomill applies the transform to initial_mean at load time, then the format to the result.
    rm::scales::Value sample;
    try {
      sample = p.engine.scale->at(p.initial_mean);
    } catch (const rm::scales::ScaleError& e) {
      r.fail(transform_field ? *transform_field : item,
             "error from transform (applied to initial_mean " +
                 rm::scales::python_repr(p.initial_mean) + "): " + e.what());
    }
    p.engine.format = rm::scales::default_format(p.engine.code);
    if (auto fmt = m.find("format")) {
      p.engine.format = read_string(r, *fmt);
      try {
        rm::scales::python_format(p.engine.format, sample);
      } catch (const rm::scales::FormatError& e) {
        r.fail(*fmt, "invalid format string (applied to " + rm::scales::python_repr(sample) +
                         "): " + e.what());
      }
    }
    read.push_back(ReadParameter{p.engine, item});
    out.push_back(std::move(p));
  }
  return read;
}

// A number strictly between 0 and 1, with gomill's message.
double read_proportion(const Reader& r, const Field& f) {
  const double v = read_number(r, f);
  if (!(v > 0.0 && v < 1.0))
    r.fail(f, "out of range (0.0 to 1.0): must be strictly between 0 and 1 (got " +
                  rm::scales::python_repr(v) + ")");
  return v;
}

}  // namespace

CeTunerSettings read_ce_tuner(const Reader& r, const Mapping& top, const ControlFile& control) {
  CeTunerSettings s;
  // gomill's order: the plain settings first, then opponent, parameters and the candidate.
  Field colour = top.require("candidate_colour");
  std::string c = read_enum(r, colour, {"b", "black", "w", "white", "r", "random"});
  s.candidate_colour = c[0] == 'b'   ? CandidateColour::Black
                       : c[0] == 'w' ? CandidateColour::White
                                     : CandidateColour::Random;
  s.batch_size = read_positive_int(r, top.require("batch_size"));
  s.samples_per_generation = read_positive_int(r, top.require("samples_per_generation"));
  if (s.samples_per_generation > kMaxSamplesPerGeneration)
    r.fail(top.require("samples_per_generation"),
           "must be at most " + std::to_string(kMaxSamplesPerGeneration) + " (got " +
               std::to_string(s.samples_per_generation) + ")");
  s.number_of_generations = read_positive_int(r, top.require("number_of_generations"));
  s.elite_proportion = read_proportion(r, top.require("elite_proportion"));
  s.step_size = read_proportion(r, top.require("step_size"));

  Field opponent = top.require("opponent");
  s.opponent = read_identifier(r, opponent);
  if (control.players.count(s.opponent) == 0) {
    std::vector<std::string> codes;
    for (const auto& [code, spec] : control.players) codes.push_back(code);
    std::string what = "unknown player " + s.opponent;
    if (auto near = nearest(s.opponent, codes)) what += " (did you mean '" + *near + "'?)";
    r.fail(opponent, what);
  }

  std::vector<ReadParameter> read_params =
      read_ce_parameters(r, top.require("parameters"), s.parameters);
  s.candidate = read_candidate(r, top.require("candidate"), read_params, control);

  if (auto f = top.find("seed")) {
    const std::string& text = read_string(r, *f);
    std::uint64_t seed = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (is_quoted(f->node) || text.empty() || res.ec != std::errc() ||
        res.ptr != text.data() + text.size())
      r.fail(*f, "must be an integer 0..18446744073709551615 (got '" + text + "')");
    s.seed = seed;
  }
  return s;
}

}  // namespace rm::control::detail
