package org.preemptlab.runner.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginCatalog;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModelProvider;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.api.sharing.SharingModeProvider;
import org.preemptlab.api.workload.WorkloadProvider;

@Tag("slow")
class PluginRegistryDiscoveryTest {
  @TempDir Path temp;

  private Path plugins() {
    return temp.resolve("plugins");
  }

  private PluginRegistry discoverIsolated() {
    return PluginRegistry.discover(plugins(), new ServicesHidingClassLoader());
  }

  @Test
  void externalJarPolicyIsFoundInPluginDirectoryWithItsJarNameAndDigest() throws Exception {
    TestJar.named("sjf-plugin.jar").version("2.0.1")
        .source("org.ext.Sjf", ProviderSources.policy("org.ext.Sjf", "test-external-sjf"))
        .service(SchedulingPolicyProvider.class, "org.ext.Sjf")
        .writeTo(plugins(), temp);

    PluginRegistry registry = PluginRegistry.discover(Optional.of(plugins()));

    PluginDescriptor descriptor =
        registry.descriptor(PluginKind.SCHEDULING_POLICY, "test-external-sjf");
    assertThat(descriptor.jar()).isEqualTo("sjf-plugin.jar");
    assertThat(descriptor.jarSha256()).isEqualTo(HexFormat.of().formatHex(
        MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(
            plugins().resolve("sjf-plugin.jar")))));
    assertThat(descriptor.version()).isEqualTo("2.0.1");
    assertThat(descriptor.providerClass()).isEqualTo("org.ext.Sjf");
    assertThat(descriptor.description()).isEqualTo("Test plugin test-external-sjf.");
    SchedulingPolicyProvider provider =
        registry.provider(PluginType.SCHEDULING_POLICY, "test-external-sjf");
    assertThat(provider.getClass().getClassLoader()).isInstanceOf(URLClassLoader.class);
    SchedulingPolicy policy = registry.create(PluginType.SCHEDULING_POLICY, "test-external-sjf",
        Map.of(), (DeviceSpec) null, RandomGenerator.of("L64X128MixRandom"));
    assertThat(policy).isNotNull();
  }

  @Test
  void withoutPluginDirectoryExternalJarsAreNotSeen() throws IOException {
    TestJar.named("sjf-plugin.jar")
        .source("org.ext.Sjf", ProviderSources.policy("org.ext.Sjf", "test-external-sjf"))
        .service(SchedulingPolicyProvider.class, "org.ext.Sjf")
        .writeTo(plugins(), temp);

    PluginRegistry registry = PluginRegistry.discover(Optional.empty());

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).doesNotContain("test-external-sjf");
  }

  @Test
  void duplicateIdsNameBothJars() throws IOException {
    TestJar.named("b.jar")
        .source("org.b.Twin", ProviderSources.policy("org.b.Twin", "twin"))
        .service(SchedulingPolicyProvider.class, "org.b.Twin")
        .writeTo(plugins(), temp);
    TestJar.named("a.jar")
        .source("org.a.Twin", ProviderSources.policy("org.a.Twin", "twin"))
        .service(SchedulingPolicyProvider.class, "org.a.Twin")
        .writeTo(plugins(), temp);

    assertThatThrownBy(this::discoverIsolated)
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining(
            "duplicate scheduling policy id 'twin': org.a.Twin (a.jar) and org.b.Twin (b.jar)");
  }

  @Test
  void sameProviderClassInTwoJarsIsADuplicate() throws IOException {
    for (String version : new String[] {"1.0", "1.1"}) {
      TestJar.named("sjf-" + version + ".jar").version(version)
          .source("org.v.Sjf", ProviderSources.policy("org.v.Sjf", "versioned-sjf"))
          .service(SchedulingPolicyProvider.class, "org.v.Sjf")
          .writeTo(plugins(), temp);
    }

    assertThatThrownBy(this::discoverIsolated)
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("duplicate scheduling policy provider org.v.Sjf registered by "
            + "sjf-1.0.jar and sjf-1.1.jar");
  }

  @Test
  void byteIdenticalCopiesOfOneJarAreOnePlugin() throws IOException {
    // as a build's jar and its copy in a launcher's lib/, both on the class path
    TestJar.named("sjf.jar")
        .source("org.v.Sjf", ProviderSources.policy("org.v.Sjf", "copied-sjf"))
        .service(SchedulingPolicyProvider.class, "org.v.Sjf")
        .writeTo(plugins(), temp);
    Files.copy(plugins().resolve("sjf.jar"), plugins().resolve("sjf-copy.jar"));

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).containsExactly("copied-sjf");
    assertThat(registry.problems()).isEmpty();
  }

  @Test
  void everyKindIsDiscoveredAndOneIdMayServeSeveralKinds() throws IOException {
    TestJar.named("all-kinds.jar")
        .source("org.k.Policy", ProviderSources.policy("org.k.Policy", "same"))
        .source("org.k.Preemption", ProviderSources.preemption("org.k.Preemption", "same"))
        .source("org.k.Save", ProviderSources.contextSave("org.k.Save", "same"))
        .source("org.k.Hardware", ProviderSources.hardware("org.k.Hardware", "same"))
        .source("org.k.Workload", ProviderSources.workload("org.k.Workload", "same"))
        .source("org.k.Application", ProviderSources.application("org.k.Application", "same"))
        .source("org.k.Sharing", ProviderSources.sharingMode("org.k.Sharing", "same"))
        .service(SchedulingPolicyProvider.class, "org.k.Policy")
        .service(PreemptionStrategyProvider.class, "org.k.Preemption")
        .service(ContextSaveStrategyProvider.class, "org.k.Save")
        .service(HardwareModelProvider.class, "org.k.Hardware")
        .service(WorkloadProvider.class, "org.k.Workload")
        .service(org.preemptlab.api.application.ApplicationProvider.class, "org.k.Application")
        .service(org.preemptlab.api.sharing.SharingModeProvider.class, "org.k.Sharing")
        .writeTo(plugins(), temp);

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.problems()).isEmpty();
    assertThat(registry.descriptors()).extracting(PluginDescriptor::kind)
        .containsExactly(PluginKind.values());
    for (PluginKind kind : PluginKind.values()) {
      assertThat(registry.ids(kind)).containsExactly("same");
      assertThat(registry.provider(kind, "same"))
          .isInstanceOf(PluginType.of(kind).providerType());
    }
  }

  @Test
  void aCatalogsProvidersAreDiscoveredAsIfRegisteredOneByOneAndItsFailuresAreProblems()
      throws IOException {
    TestJar.named("catalog.jar")
        .source("org.c.A", ProviderSources.policy("org.c.A", "cat-a"))
        .source("org.c.Bad", ProviderSources.policy("org.c.Bad", "Not_Kebab"))
        .source("org.c.Policies", """
            package org.c;
            import java.util.List;
            import org.preemptlab.api.PluginCatalog;
            import org.preemptlab.api.PluginProvider;
            import org.preemptlab.api.policy.SchedulingPolicyProvider;
            public final class Policies implements PluginCatalog {
              public Class<? extends PluginProvider<?>> providerType() {
                return SchedulingPolicyProvider.class;
              }
              public List<? extends PluginProvider<?>> providers() {
                return List.of(new A(), new Bad());
              }
            }
            """)
        .source("org.c.Broken", """
            package org.c;
            import java.util.List;
            import org.preemptlab.api.PluginCatalog;
            import org.preemptlab.api.PluginProvider;
            import org.preemptlab.api.hardware.HardwareModelProvider;
            public final class Broken implements PluginCatalog {
              public Class<? extends PluginProvider<?>> providerType() {
                return HardwareModelProvider.class;
              }
              public List<? extends PluginProvider<?>> providers() {
                throw new IllegalStateException("index missing");
              }
            }
            """)
        .service(PluginCatalog.class, "org.c.Policies", "org.c.Broken")
        .writeTo(plugins(), temp);

    PluginRegistry registry;
    try (LogCapture log = LogCapture.of(ProviderScanner.class)) {
      registry = discoverIsolated();
    }

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).containsExactly("cat-a");
    assertThat(registry.descriptor(PluginKind.SCHEDULING_POLICY, "cat-a").jar())
        .isEqualTo("catalog.jar");
    assertThat(registry.problems()).extracting(LoadProblem::kind, LoadProblem::provider)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(PluginKind.SCHEDULING_POLICY, "org.c.Policies"),
            org.assertj.core.groups.Tuple.tuple(PluginKind.HARDWARE_MODEL, "org.c.Broken"));
    assertThat(registry.problems()).extracting(LoadProblem::message).anySatisfy(
        message -> assertThat(message).contains("'Not_Kebab' is not kebab-case"))
        .anySatisfy(message -> assertThat(message).contains("index missing"));
  }

  @Test
  void providerWhoseConstructorThrowsIsReportedWhileOthersLoad() throws IOException {
    TestJar.named("mixed.jar")
        .source("org.m.Broken", ProviderSources.policy("org.m.Broken", "broken",
            "public Broken() { throw new IllegalStateException(\"licence server unreachable\"); }"))
        .source("org.m.Good", ProviderSources.policy("org.m.Good", "good"))
        .source("org.m.GoodSave", ProviderSources.contextSave("org.m.GoodSave", "good-save"))
        .service(SchedulingPolicyProvider.class, "org.m.Broken", "org.m.Good")
        .service(ContextSaveStrategyProvider.class, "org.m.GoodSave")
        .writeTo(plugins(), temp);

    PluginRegistry registry;
    try (LogCapture log = LogCapture.of(ProviderScanner.class)) {
      registry = discoverIsolated();
      assertThat(log.warnings()).singleElement().asString()
          .startsWith("WARN").contains("org.m.Broken", "licence server unreachable");
    }

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).containsExactly("good");
    assertThat(registry.ids(PluginKind.CONTEXT_SAVE)).containsExactly("good-save");
    assertThat(registry.problems()).singleElement().satisfies(problem -> {
      assertThat(problem.kind()).isEqualTo(PluginKind.SCHEDULING_POLICY);
      assertThat(problem.provider()).isEqualTo("org.m.Broken");
      assertThat(problem.jar()).isEqualTo("mixed.jar");
      assertThat(problem.message()).contains("could not be instantiated",
          "IllegalStateException: licence server unreachable");
    });
  }

  @Test
  void providerClassThatIsMissingIsReportedWithTheJarThatRegisteredIt() throws IOException {
    TestJar.named("missing.jar")
        .source("org.m.Good", ProviderSources.policy("org.m.Good", "good"))
        .service(SchedulingPolicyProvider.class, "org.m.Missing", "org.m.Good")
        .writeTo(plugins(), temp);

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).containsExactly("good");
    assertThat(registry.problems()).singleElement().satisfies(problem -> {
      assertThat(problem.provider()).isEqualTo("org.m.Missing");
      assertThat(problem.jar()).isEqualTo("missing.jar");
      assertThat(problem.message()).contains("not found");
    });
  }

  @Test
  void providerWhoseMethodsThrowIsReported() throws IOException {
    TestJar.named("methods.jar")
        .source("org.m.BadParams", ProviderSources.policy("org.m.BadParams", "bad-params",
            "public java.util.List<org.preemptlab.api.ParameterSpec> parameters() {"
                + " throw new UnsupportedOperationException(\"no parameters yet\"); }"))
        .source("org.m.NullDescription", "package org.m;\n"
            + "public class NullDescription extends BadParams {\n"
            + "  public String id() { return \"null-description\"; }\n"
            + "  public String description() { return null; }\n"
            + "  public java.util.List<org.preemptlab.api.ParameterSpec> parameters() {"
            + " return java.util.List.of(); }\n"
            + "}\n")
        .service(SchedulingPolicyProvider.class, "org.m.BadParams", "org.m.NullDescription")
        .writeTo(plugins(), temp);

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).isEmpty();
    assertThat(registry.problems()).extracting(LoadProblem::message).containsExactly(
        "parameters() failed: UnsupportedOperationException: no parameters yet",
        "description() returned null");
  }

  @Test
  void idThatIsNotKebabCaseIsReported() throws IOException {
    TestJar.named("camel.jar")
        .source("org.c.Camel", ProviderSources.policy("org.c.Camel", "Round_Robin"))
        .service(SchedulingPolicyProvider.class, "org.c.Camel")
        .writeTo(plugins(), temp);

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).isEmpty();
    assertThat(registry.problems()).singleElement().extracting(LoadProblem::message).asString()
        .contains("id 'Round_Robin' is not kebab-case");
  }

  @Test
  void sharingModeTakingABuiltInModesIdIsReportedWhileOthersLoad() throws IOException {
    TestJar.named("masks.jar")
        .source("org.s.Shadow", ProviderSources.sharingMode("org.s.Shadow", "mps"))
        .source("org.s.Masks", ProviderSources.sharingMode("org.s.Masks", "stream-masks"))
        .service(SharingModeProvider.class, "org.s.Shadow", "org.s.Masks")
        .writeTo(plugins(), temp);

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.ids(PluginKind.SHARING_MODE)).containsExactly("stream-masks");
    assertThat(registry.problems()).singleElement().satisfies(problem -> {
      assertThat(problem.provider()).isEqualTo("org.s.Shadow");
      assertThat(problem.jar()).isEqualTo("masks.jar");
      assertThat(problem.message()).isEqualTo("id 'mps' is a built-in sharing mode's (built in:"
          + " green-contexts, mig, mps, time-slice); choose another id");
    });
  }

  @Test
  void providerDeclaringAParameterTwiceIsReported() throws IOException {
    TestJar.named("twice.jar")
        .source("org.t.Twice", ProviderSources.policy("org.t.Twice", "twice",
            "public java.util.List<org.preemptlab.api.ParameterSpec> parameters() {"
                + " var p = org.preemptlab.api.ParameterSpec.bool(\"fast\", true, \"Go fast.\");"
                + " return java.util.List.of(p, p); }"))
        .service(SchedulingPolicyProvider.class, "org.t.Twice")
        .writeTo(plugins(), temp);

    assertThat(discoverIsolated().problems()).singleElement().extracting(LoadProblem::message)
        .asString().contains("declares parameter 'fast' twice");
  }

  @Test
  void missingPluginDirectoryIsAConfigurationErrorNamingIt() {
    Path missing = temp.resolve("no-such-dir");

    assertThatThrownBy(() -> PluginRegistry.discover(Optional.of(missing)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("plugin path '" + missing + "' does not exist");
  }

  @Test
  void pluginPathThatIsAFileOtherThanAJarIsAConfigurationErrorNamingIt() throws IOException {
    Path file = Files.writeString(temp.resolve("plugin.txt"), "not a directory");

    assertThatThrownBy(() -> PluginRegistry.discover(Optional.of(file)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("plugin path '" + file + "' is neither a directory nor a .jar file");
  }

  @Test
  void pluginPathThatIsAJarLoadsThatJarAlone() throws IOException {
    TestJar.named("sjf-plugin.jar")
        .source("org.ext.Sjf", ProviderSources.policy("org.ext.Sjf", "test-external-sjf"))
        .service(SchedulingPolicyProvider.class, "org.ext.Sjf")
        .writeTo(plugins(), temp);
    TestJar.named("other.jar")
        .source("org.ext.Other", ProviderSources.policy("org.ext.Other", "test-other"))
        .service(SchedulingPolicyProvider.class, "org.ext.Other")
        .writeTo(plugins(), temp);

    PluginRegistry registry = PluginRegistry.discover(plugins().resolve("sjf-plugin.jar"),
        new ServicesHidingClassLoader());

    assertThat(registry.ids(PluginKind.SCHEDULING_POLICY)).containsExactly("test-external-sjf");
    assertThat(registry.descriptor(PluginKind.SCHEDULING_POLICY, "test-external-sjf").jar())
        .isEqualTo("sjf-plugin.jar");
  }

  @Test
  void filesThatAreNotJarsAreIgnored() throws IOException {
    Files.createDirectories(plugins());
    Files.writeString(plugins().resolve("README.md"), "plugins go here");

    PluginRegistry registry = discoverIsolated();

    assertThat(registry.descriptors()).isEmpty();
    assertThat(registry.problems()).isEmpty();
  }
}
