package org.preemptlab.runner.workload;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * The one YAML convention of every PreemptLab input file (run configurations, sweep files,
 * workload specs, scenarios): kebab-case keys, case-insensitive enum values, unknown and duplicate
 * keys rejected, no silent float-to-int truncation, and polymorphic types written as their
 * documented property (e.g. {@code process: poisson}) rather than YAML tags.
 *
 * <p>Nothing is coerced: a blank or empty string is not a number, a boolean or a default; an
 * integer is not a boolean; an enum is written by name, never by ordinal; text is not a number
 * (numbers and booleans may be text, as plugin parameters are); a {@code null} list item or map value is an error. Documents are bounded:
 * at most {@link #MAX_ALIASES} aliases, {@link #MAX_DEPTH} levels of nesting and {@link
 * Limits#MAX_TEXT_FILE_BYTES} characters, so no document can exhaust memory or time.
 */
public final class YamlMappers {
  /** The most aliases ({@code *name}) a document may use. */
  public static final int MAX_ALIASES = 50;

  /** The deepest nesting of mappings and lists a document may have. */
  public static final int MAX_DEPTH = 40;

  private static final YAMLFactory FACTORY = factory();

  private static final ObjectMapper STRICT = strictMapper();

  private YamlMappers() {}

  /** The YAML factory with the document bounds above, for parsers that do not bind. */
  public static YAMLFactory factory() {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(MAX_DEPTH);
    options.setCodePointLimit(Limits.MAX_TEXT_FILE_BYTES);
    options.setAllowDuplicateKeys(false);
    return YAMLFactory.builder()
        .loaderOptions(options)
        // YAML 1.2's booleans: yes/no/on/off are text, which no boolean key accepts
        .enable(com.fasterxml.jackson.dataformat.yaml.YAMLParser.Feature
            .PARSE_BOOLEAN_LIKE_WORDS_AS_STRINGS)
        .streamReadConstraints(StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH)
            .maxNumberLength(64)
            .maxStringLength(Limits.MAX_TEXT_FILE_BYTES)
            .build())
        .build();
  }

  private static ObjectMapper strictMapper() {
    YAMLMapper mapper = YAMLMapper.builder(FACTORY)
      .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(YAMLGenerator.Feature.USE_NATIVE_TYPE_ID)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
      .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
      .build();
    mapper.coercionConfigDefaults()
        .setAcceptBlankAsEmpty(false)
        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    // the types that a shape may still become: whole numbers as longs or doubles, any number as
    // a double; strings only as strings (and enums by name)
    mapper.coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper.coercionConfigFor(LogicalType.Float)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.Float, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper.coercionConfigFor(LogicalType.Boolean)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    // plugin parameters are text the plugin parses itself: {sm-count: 132, preempt: true}
    mapper.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.Float, CoercionAction.TryConvert)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.TryConvert);
    return mapper;
  }

  /**
   * Checks what binding cannot see: an alias ({@code *name}) or anchor ({@code &name}), which the
   * binding would read as the anchor's name, and a value left empty or {@code ~} (null) inside a
   * mapping or list, which it would take as the key's default. A document that is only {@code ~}
   * or empty is allowed (it has no content). Syntax errors are left to the binding.
   *
   * @param source how errors name the document, usually its file
   * @throws ConfigurationException naming the source, line and column
   */
  public static void checkStrict(String yaml, String source) {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setNestingDepthLimit(MAX_DEPTH);
    options.setCodePointLimit(Limits.MAX_TEXT_FILE_BYTES);
    int depth = 0;
    int flowDepth = 0; // collections written inside { } or [ ] among the open ones
    java.util.ArrayDeque<Boolean> flows = new java.util.ArrayDeque<>();
    try {
      for (org.yaml.snakeyaml.events.Event event : new org.yaml.snakeyaml.Yaml(options)
          .parse(new java.io.StringReader(yaml))) {
        if (event instanceof org.yaml.snakeyaml.events.AliasEvent) {
          throw strictness(source, event, "an alias (*name) is not supported; write the value "
              + "out");
        }
        if (event instanceof org.yaml.snakeyaml.events.NodeEvent node
            && node.getAnchor() != null) {
          throw strictness(source, event, "an anchor (&name) is not supported; write each value "
              + "out");
        }
        if (event instanceof org.yaml.snakeyaml.events.CollectionStartEvent start) {
          depth++;
          boolean flow = start.getFlowStyle() == org.yaml.snakeyaml.DumperOptions.FlowStyle.FLOW;
          flows.push(flow);
          flowDepth += flow ? 1 : 0;
        } else if (event instanceof org.yaml.snakeyaml.events.CollectionEndEvent) {
          depth--;
          flowDepth -= flows.pop() ? 1 : 0;
        } else if (depth > 0 && event instanceof org.yaml.snakeyaml.events.ScalarEvent scalar
            && scalar.isPlain() && scalar.getTag() == null
            && NULLS.contains(scalar.getValue())) {
          throw strictness(source, event, "a value is never empty or ~ (null); remove the key "
              + "to take its default, or write a value" + (flowDepth == 0 ? ""
                  : "; in a flow mapping or sequence ({ } or [ ]), quote a key or value that "
                      + "holds '[', ']', '{', '}' or ',', e.g. {\"applications[0].priority\": LOW}"));
        }
      }
    } catch (org.yaml.snakeyaml.error.YAMLException e) {
      // a syntax error: the binding reports it with its location
    }
  }

  /** The plain scalars YAML resolves to null. */
  private static final java.util.Set<String> NULLS = java.util.Set.of("", "~", "null", "Null",
      "NULL");

  private static ConfigurationException strictness(String source,
      org.yaml.snakeyaml.events.Event event, String message) {
    org.yaml.snakeyaml.error.Mark mark = event.getStartMark();
    return new ConfigurationException(source + ":" + (mark.getLine() + 1) + ":"
        + (mark.getColumn() + 1) + ": " + message);
  }

  /** The shared, thread-safe mapper with the conventions above. */
  public static ObjectMapper strict() {
    return STRICT;
  }
}
