package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every public type of framework-api tells plugin authors how far they may rely on it. */
class ApiStatusTest {

  private static List<Class<?>> publicTopLevelTypes() throws IOException, URISyntaxException {
    Path classes = Path.of(API.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name = classes.relativize(file).toString().replace('/', '.').replace('\\', '.')
            .replaceAll("\\.class$", "");
        if (name.contains("$") || name.endsWith("package-info")) {
          continue;
        }
        try {
          Class<?> type = Class.forName(name);
          if (Modifier.isPublic(type.getModifiers())) {
            types.add(type);
          }
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return types;
  }

  @Test
  void everyPublicTypeCarriesAnApiStatusAndTheVersionSinceWhen() throws Exception {
    List<Class<?>> types = publicTopLevelTypes();

    assertThat(types).as("public types found").hasSizeGreaterThan(30);
    assertThat(types).allSatisfy(type -> {
      API api = type.getAnnotation(API.class);
      assertThat(api).as("%s needs @API(status = ..., since = \"...\")", type.getName())
          .isNotNull();
      assertThat(api.since()).as("since of %s", type.getName()).matches("\\d+\\.\\d+");
    });
  }

  @Test
  void thePolicyContractUnderRedesignIsMarkedExperimental() {
    assertThat(org.preemptlab.api.policy.SchedulingPolicy.class.getAnnotation(API.class).status())
        .isEqualTo(API.Status.EXPERIMENTAL);
    assertThat(org.preemptlab.api.preemption.PreemptionPointStrategy.class
        .getAnnotation(API.class).status()).isEqualTo(API.Status.STABLE);
  }
}
