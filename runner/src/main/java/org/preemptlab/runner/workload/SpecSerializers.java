package org.preemptlab.runner.workload;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.List;
import org.preemptlab.api.Durations;

/**
 * Jackson serializers that write durations back with their unit ({@code 40ms}, not {@code
 * 40000000}), so that a resolved configuration reads back under the rule that durations take a
 * unit. The counterparts of {@link SpecDeserializers}.
 */
final class SpecSerializers {
  private SpecSerializers() {}

  /** A duration in ns written as text with a unit. */
  static final class DurationText extends StdSerializer<Long> {
    private static final long serialVersionUID = 1L;

    DurationText() {
      super(Long.class);
    }

    @Override
    public void serialize(Long ns, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeString(Durations.format(ns));
    }
  }

  /** A distribution of durations: a fixed value, {@code {uniform: [a, b]}} or {@code {choice}}. */
  static final class DurationDistribution extends StdSerializer<Distribution> {
    private static final long serialVersionUID = 1L;

    DurationDistribution() {
      super(Distribution.class);
    }

    @Override
    public void serialize(Distribution value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      if (value instanceof Distribution.Fixed fixed) {
        gen.writeString(Durations.format(fixed.value()));
        return;
      }
      List<Long> values = value instanceof Distribution.Uniform u ? List.of(u.low(), u.high())
          : ((Distribution.Choice) value).values();
      gen.writeStartObject();
      gen.writeFieldName(value instanceof Distribution.Uniform ? "uniform" : "choice");
      gen.writeStartArray();
      for (long ns : values) {
        gen.writeString(Durations.format(ns));
      }
      gen.writeEndArray();
      gen.writeEndObject();
    }
  }
}
