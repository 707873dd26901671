package org.preemptlab.runner.workload;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The one YAML convention of every PreemptLab input file (run configurations, sweep files,
 * workload specs, scenarios): kebab-case keys, case-insensitive enum values, unknown and duplicate
 * keys rejected, no silent float-to-int truncation, and polymorphic types written as their
 * documented property (e.g. {@code process: poisson}) rather than YAML tags.
 */
public final class YamlMappers {
  private static final ObjectMapper STRICT = YAMLMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(YAMLGenerator.Feature.USE_NATIVE_TYPE_ID)
      .build();

  private YamlMappers() {}

  /** The shared, thread-safe mapper with the conventions above. */
  public static ObjectMapper strict() {
    return STRICT;
  }
}
