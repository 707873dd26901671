package org.preemptlab.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the module arrows of DESIGN.md §1 true on the main classes of every module: the API
 * depends on the JDK only, plugin modules on the API (and Guava) only and never on each other or on the
 * runner, the engine on no outer runner layer, nothing that simulates reads the wall clock, the
 * engine-free test kit on the API, JUnit and AssertJ only, no product code on the test kit, and
 * the lab (reproductions, benchmark) outside the product: nothing but the lab depends on it. This
 * module depends on every other one, so the rules run whichever module changed.
 */
@AnalyzeClasses(packages = "org.preemptlab", importOptions = ImportOption.DoNotIncludeTests.class)
@ArchTag("slow")
class ArchitectureTest {
  private static final String API = "org.preemptlab.api..";
  private static final String POLICIES = "org.preemptlab.policies..";
  private static final String HARDWARE = "org.preemptlab.hardware..";
  private static final String PLUGINS = "org.preemptlab.plugins..";
  private static final String APPLICATIONS = "org.preemptlab.applications..";
  private static final String RUNNER = "org.preemptlab.runner..";
  private static final String ENGINE = "org.preemptlab.engine..";
  private static final String DRM = "org.preemptlab.runner.drm..";
  private static final String ENGINE_CORE = "org.preemptlab.engine";
  private static final String SCENARIO_FORMAT = "org.preemptlab.runner.scenario..";
  private static final String GUAVA = "com.google.common..";
  private static final String TESTKIT = "org.preemptlab.testkit..";
  private static final String TESTKIT_ENGINE = "org.preemptlab.testkit.engine..";
  private static final String LAB = "org.preemptlab.lab..";

  /** Static methods that read the wall clock, by declaring class. */
  private static final Map<String, Set<String>> WALL_CLOCK = Map.of(
      "java.lang.System", Set.of("currentTimeMillis", "nanoTime"),
      "java.time.Instant", Set.of("now"),
      "java.time.LocalDateTime", Set.of("now"),
      "java.time.LocalDate", Set.of("now"),
      "java.time.LocalTime", Set.of("now"),
      "java.time.ZonedDateTime", Set.of("now"),
      "java.time.OffsetDateTime", Set.of("now"),
      "java.time.Clock", Set.of("systemUTC", "systemDefaultZone"));

  private static final DescribedPredicate<JavaCall<?>> READ_THE_WALL_CLOCK =
      DescribedPredicate.describe("read the wall clock (System.currentTimeMillis/nanoTime, "
          + "java.time now(), Clock.system*)", call -> WALL_CLOCK
          .getOrDefault(call.getTargetOwner().getName(), Set.of())
          .contains(call.getName()));

  @ArchTest
  static void everyCheckedPackageHasMainClasses(JavaClasses classes) {
    for (String pkg : new String[] {"org.preemptlab.api", "org.preemptlab.api.model",
        "org.preemptlab.policies", "org.preemptlab.hardware", "org.preemptlab.plugins",
        "org.preemptlab.engine", "org.preemptlab.runner.drm",
        "org.preemptlab.runner.scenario", "org.preemptlab.runner.cli",
        "org.preemptlab.runner.report", "org.preemptlab.runner.experiment"}) {
      assertThat(classes.that(resideIn(pkg + ".."))).as("main classes in %s", pkg).isNotEmpty();
    }
  }

  @ArchTest
  static void testClassesAreNotImported(JavaClasses classes) {
    assertThat(classes.stream().map(JavaClass::getSimpleName))
        .isNotEmpty()
        .noneMatch(name -> name.endsWith("Test"));
  }

  @ArchTest
  static final ArchRule apiDependsOnTheJdkOnly = classes().that().resideInAPackage(API)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule policiesDependOnlyOnTheJdkTheApiAndGuava = classes()
      .that().resideInAPackage(POLICIES)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, GUAVA, POLICIES)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule hardwareModelsDependOnlyOnTheJdkTheApiAndGuava = classes()
      .that().resideInAPackage(HARDWARE)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, GUAVA, HARDWARE)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule pluginsDependOnlyOnTheJdkTheApiAndGuava = classes()
      .that().resideInAPackage(PLUGINS)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, GUAVA, PLUGINS)
      .allowEmptyShould(false);

  /**
   * Applications use the JDK, the API and Guava, and Jackson's streaming parser (jackson-core
   * alone, no data binding) to read JSON request traces such as LLMServingSim's JSONL.
   */
  @ArchTest
  static final ArchRule applicationsDependOnlyOnTheJdkTheApiGuavaAndJacksonCore = classes()
      .that().resideInAPackage(APPLICATIONS)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, GUAVA, APPLICATIONS,
          "com.fasterxml.jackson.core..")
      .allowEmptyShould(false);

  /**
   * testkit-core (every test-kit package but the engine-backed {@code testkit.engine} of the
   * testkit module) stays usable by every plugin module.
   */
  @ArchTest
  static final ArchRule testkitCoreDependsOnlyOnTheJdkTheApiJunitAndAssertj = classes()
      .that().resideInAPackage(TESTKIT).and().resideOutsideOfPackage(TESTKIT_ENGINE)
      .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, TESTKIT,
          "org.junit..", "org.assertj..")
      .allowEmptyShould(false);


  /** The lab reaches the command line through the command service file, never by name. */
  @ArchTest
  static final ArchRule onlyTheLabDependsOnTheLab = noClasses()
      .that().resideOutsideOfPackage(LAB)
      .should().dependOnClassesThat().resideInAPackage(LAB);

  @ArchTest
  static final ArchRule noProductCodeDependsOnTheTestKit = noClasses()
      .that().resideInAnyPackage(API, POLICIES, HARDWARE, PLUGINS, RUNNER)
      .should().dependOnClassesThat().resideInAPackage(TESTKIT)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule noPluginModuleDependsOnTheRunner = noClasses()
      .that().resideInAnyPackage(API, POLICIES, HARDWARE, PLUGINS, APPLICATIONS)
      .should().dependOnClassesThat().resideInAPackage(RUNNER)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule policiesDependOnNoOtherPluginModule = noClasses()
      .that().resideInAPackage(POLICIES)
      .should().dependOnClassesThat().resideInAnyPackage(HARDWARE, PLUGINS)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule hardwareModelsDependOnNoOtherPluginModule = noClasses()
      .that().resideInAPackage(HARDWARE)
      .should().dependOnClassesThat().resideInAnyPackage(POLICIES, PLUGINS)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule pluginsDependOnNoOtherPluginModule = noClasses()
      .that().resideInAPackage(PLUGINS)
      .should().dependOnClassesThat().resideInAnyPackage(POLICIES, HARDWARE)
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule drmLayerDependsOnNoOuterRunnerLayer = noClasses()
      .that().resideInAPackage(DRM)
      .should().dependOnClassesThat().resideInAnyPackage("org.preemptlab.runner.cli..",
          "org.preemptlab.runner.report..", "org.preemptlab.runner.experiment..")
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule nothingThatSimulatesReadsTheWallClock = noClasses()
      .that().resideInAnyPackage(API, POLICIES, HARDWARE, PLUGINS, ENGINE, DRM)
      .should().callMethodWhere(READ_THE_WALL_CLOCK)
      .allowEmptyShould(false);

  /**
   * The engine's DRM scheduler layer takes a kernel generation's behaviour from the policy it runs
   * ({@code DrmSchedulingPolicy.perPriorityRunQueues()}), never from a policy's class or id: it
   * depends on no policy implementation.
   */
  @ArchTest
  static final ArchRule drmSchedulerLayerDependsOnNoPolicyImplementation = noClasses()
      .that().resideInAPackage(DRM)
      .should().dependOnClassesThat().resideInAPackage(POLICIES)
      .allowEmptyShould(false);

  /**
   * The engine module (the core of the simulation) depends on the JDK, the API and Guava only: it
   * knows no reader, report, command line or plugin implementation, so {@code testkit} and the
   * plugin modules' tests can run it without the runner.
   */
  @ArchTest
  static final ArchRule engineModuleDependsOnlyOnTheJdkTheApiAndGuava = engineModuleRule();

  private static ArchRule engineModuleRule() {
    return classes().that().resideInAPackage(ENGINE)
        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", API, GUAVA, ENGINE)
        .allowEmptyShould(false);
  }

  /**
   * The module rule sees what it is given: a class in the engine's package that calls the
   * runner's command line ({@code ModuleBoundaryViolationFixture}, test code) breaks it.
   */
  @org.junit.jupiter.api.Test
  void theEngineModuleRuleReportsADependencyOnTheRunner() {
    com.tngtech.archunit.lang.EvaluationResult result = engineModuleRule()
        .evaluate(new com.tngtech.archunit.core.importer.ClassFileImporter()
            .importPackages(ENGINE_CORE));
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().getDetails())
        .allMatch(line -> line.contains("ModuleBoundaryViolationFixture"));
  }

  /**
   * The engine's tests need no plugin module: they run the engine with testkit-core's doubles of
   * the bundled plugins (or strategies written in the test), while each plugin module tests its
   * plugins on the engine through the test kit. A test that named a bundled plugin would need the
   * plugin module as a test dependency of the engine, and the plugin module could then no longer
   * test itself with the kit (Maven refuses the cycle). Checked on the engine's compiled tests
   * ({@code engine/target/test-classes}, built before this module).
   */
  @org.junit.jupiter.api.Test
  void theEnginesTestsUseNoPluginModule() {
    java.nio.file.Path folder = java.nio.file.Path.of("..", "engine", "target", "test-classes");
    assertThat(folder).as("the engine's compiled tests").isDirectory();
    engineTestsRule().check(new com.tngtech.archunit.core.importer.ClassFileImporter()
        .importPath(folder));
  }

  private static ArchRule engineTestsRule() {
    return noClasses().should().dependOnClassesThat()
        .resideInAnyPackage(POLICIES, HARDWARE, PLUGINS, APPLICATIONS, RUNNER, LAB)
        .as("the engine's tests use no plugin module, the runner or the lab")
        .allowEmptyShould(false);
  }

  /**
   * The engine-test rule sees what it is given: a class that creates the bundled {@code fifo}
   * policy ({@code EngineTestUsingAPolicyFixture}, test code of this module) breaks it.
   */
  @org.junit.jupiter.api.Test
  void theEngineTestRuleReportsATestThatUsesABundledPolicy() {
    com.tngtech.archunit.lang.EvaluationResult result = engineTestsRule()
        .evaluate(new com.tngtech.archunit.core.importer.ClassFileImporter()
            .importClasses(EngineTestUsingAPolicyFixture.class));
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().getDetails())
        .allMatch(line -> line.contains("EngineTestUsingAPolicyFixture"));
  }

  /**
   * No package is split across modules: all main classes of a package come from one module's
   * classes (a jar or a {@code target/classes} folder), so each module owns its packages.
   */
  @ArchTest
  static void noPackageIsSplitAcrossModules(JavaClasses classes) {
    assertThat(splitPackages(classes)).as("packages split across modules").isEmpty();
  }

  /**
   * The split-package check sees what it is given: the engine's package imported with the test
   * fixtures of this module, which declare classes in it, is split.
   */
  @org.junit.jupiter.api.Test
  void theSplitPackageCheckReportsAPackageInTwoModules() {
    assertThat(splitPackages(new com.tngtech.archunit.core.importer.ClassFileImporter()
        .importPackages(ENGINE_CORE))).containsOnlyKeys(ENGINE_CORE);
  }

  /** The packages whose classes come from more than one module, with those modules. */
  private static Map<String, Set<String>> splitPackages(JavaClasses classes) {
    Map<String, Set<String>> modules = new java.util.TreeMap<>();
    for (JavaClass type : classes) {
      type.getSource().ifPresent(source -> modules
          .computeIfAbsent(type.getPackageName(), p -> new java.util.TreeSet<>())
          .add(moduleOf(source.getUri())));
    }
    modules.values().removeIf(set -> set.size() < 2);
    return modules;
  }

  /** The module a class file comes from: its jar, or the build folder above its classes. */
  private static String moduleOf(java.net.URI uri) {
    String location = uri.toString();
    int jar = location.indexOf(".jar!");
    if (jar >= 0) {
      return location.substring(0, jar + 4);
    }
    int target = location.indexOf("/target/");
    return target >= 0 ? location.substring(0, target) : location;
  }

  /** The engine's parts: each owns its state and offers the others methods, never its fields. */
  private static final Set<String> ENGINE_PARTS = Set.of("Launcher", "BlockScheduler",
      "Preemptor", "TimeSlicer", "PolicyEngine", "ApplicationHost", "SmArray", "Contention",
      "SpatialSharing", "MemoryDomains", "JobTable", "Simulator", "QueueActions", "RunJobs",
      "JobDependencies", "Arrivals", "ApplicationJobs", "PlacementOrder", "BlockResidency",
      "BlockGroups", "ContextParking");

  /**
   * No class reads or writes a field of an engine part but the part itself (with its nested
   * classes): a part that needs another's state asks it through a method, so each part's state
   * stays its own.
   */
  @ArchTest
  static final ArchRule noClassTouchesAnEnginePartsFields = partFieldsRule(ENGINE_PARTS);

  /**
   * The rule above sees the accesses it is given: every part reads the fields of the services
   * the run shares ({@code RunServices}: its event queue, hardware model, options), so with those
   * counted as a part it reports them.
   */
  @ArchTest
  static void thePartFieldRuleReportsAccessesToThePartsItNames(JavaClasses classes) {
    assertThat(partFieldsRule(Set.of("RunServices")).evaluate(classes).hasViolation()).isTrue();
  }

  /** No engine class touches a field of one of {@code parts} but that part itself. */
  private static ArchRule partFieldsRule(Set<String> parts) {
    return classes().that().resideInAPackage(ENGINE)
        .should(new ArchCondition<JavaClass>("touch no field of another engine part") {
          @Override
          public void check(JavaClass origin, ConditionEvents events) {
            String from = topLevel(origin).getSimpleName();
            for (JavaFieldAccess access : origin.getFieldAccessesFromSelf()) {
              JavaClass owner = topLevel(access.getTargetOwner());
              if (owner.getPackageName().equals(ENGINE_CORE)
                  && parts.contains(owner.getSimpleName())
                  && !owner.getSimpleName().equals(from)) {
                events.add(SimpleConditionEvent.violated(access, access.getDescription()));
              }
            }
          }
        });
  }

  /** The engine's mechanism parts, which meet only through the narrow interfaces they offer. */
  private static final Set<String> MECHANISM_PARTS = Set.of("Launcher", "BlockScheduler",
      "Preemptor", "TimeSlicer");

  /**
   * The parts meet through narrow interfaces, never through the simulator or each other's
   * classes: the launcher sees placement as {@code Placement}, the preemptor sees it as {@code
   * Eviction}, the time slicer as {@code ContextResidency}, placement sees the launcher as {@code
   * JobLifecycle} and the preemptor as {@code StopPoints}, the policies' view sees them as {@code
   * QueueControl}, {@code Placement} and {@code PreemptionRequests}, the queue actions see the
   * launcher as {@code LaunchGate}. Only the simulator, which assembles them, the events it routes
   * and the launcher, which builds its policy engines and queue actions, name the parts' classes.
   * The parts a part is made of (the launcher's job table, dependencies, arrivals and application
   * jobs; placement's order, residency, groups and parking) follow the same rule.
   */
  @ArchTest
  static final ArchRule enginePartsMeetThroughNarrowInterfaces = partsDependencyRule(
      java.util.stream.Stream.concat(MECHANISM_PARTS.stream(), java.util.stream.Stream.of(
          "Simulator")).collect(java.util.stream.Collectors.toSet()));

  /** The rule above sees what it is given: every part depends on the run's shared services. */
  @ArchTest
  static void thePartDependencyRuleReportsTheClassesItNames(JavaClasses classes) {
    assertThat(partsDependencyRule(Set.of("RunServices")).evaluate(classes).hasViolation())
        .isTrue();
  }

  /** No part (nor the job, queue and context state) depends on a class of {@code forbidden}. */
  private static ArchRule partsDependencyRule(Set<String> forbidden) {
    return classes()
        .that(inEngineCoreNamed(Set.of("Launcher", "BlockScheduler", "Preemptor", "TimeSlicer",
            "PolicyEngine", "ApplicationHost", "SimQueue", "SimJob", "SimContext", "Contention",
            "SmArray", "QueueActions", "RunJobs", "JobDependencies", "Arrivals",
            "ApplicationJobs", "PlacementOrder", "BlockResidency", "BlockGroups",
            "ContextParking")))
        .should(new ArchCondition<JavaClass>("depend on no other part's class of " + forbidden) {
          @Override
          public void check(JavaClass origin, ConditionEvents events) {
            JavaClass from = topLevel(origin);
            for (com.tngtech.archunit.core.domain.Dependency dependency
                : origin.getDirectDependenciesFromSelf()) {
              JavaClass target = topLevel(dependency.getTargetClass());
              boolean named = target.getPackageName().equals(ENGINE_CORE)
                  && forbidden.contains(target.getSimpleName());
              // @OwnedBy names the parts that write a job field: documentation, not a dependency
              boolean ownership = dependency.getDescription()
                  .contains("annotation member of type");
              if (named && !target.equals(from) && !ownership) {
                events.add(SimpleConditionEvent.violated(dependency,
                    dependency.getDescription()));
              }
            }
          }
        })
        .allowEmptyShould(false);
  }

  /**
   * The parts two parts are made of, each named only by its own part: the launcher's ({@code
   * RunJobs}, {@code JobDependencies}, {@code Arrivals}, {@code ApplicationJobs}) and block
   * placement's ({@code PlacementOrder}, {@code BlockResidency}, {@code BlockGroups}, {@code
   * ContextParking}). Another part asks the launcher or placement through its narrow interface.
   */
  private static final Map<String, Set<String>> INNER_PARTS = Map.of(
      "Launcher", Set.of("RunJobs", "JobDependencies", "Arrivals", "ApplicationJobs"),
      "BlockScheduler", Set.of("PlacementOrder", "BlockResidency", "BlockGroups",
          "ContextParking"));

  /** No class outside a part depends on the classes the part is made of. */
  @ArchTest
  static final ArchRule innerPartsAreNamedOnlyByTheirPart = innerPartsRule(INNER_PARTS);

  /**
   * The inner-part rule sees what it is given: the run's shared services ({@code RunServices}),
   * counted as a part of the simulator's, are named by every part.
   */
  @ArchTest
  static void theInnerPartRuleReportsTheClassesItNames(JavaClasses classes) {
    assertThat(innerPartsRule(Map.of("Simulator", Set.of("RunServices"))).evaluate(classes)
        .hasViolation()).isTrue();
  }

  /** No engine class depends on an inner part of {@code parts} unless it belongs to that part. */
  private static ArchRule innerPartsRule(Map<String, Set<String>> parts) {
    return classes().that().resideInAPackage(ENGINE_CORE)
        .should(new ArchCondition<JavaClass>("depend on no other part's inner parts " + parts) {
          @Override
          public void check(JavaClass origin, ConditionEvents events) {
            String from = topLevel(origin).getSimpleName();
            for (com.tngtech.archunit.core.domain.Dependency dependency
                : origin.getDirectDependenciesFromSelf()) {
              JavaClass target = topLevel(dependency.getTargetClass());
              if (!target.getPackageName().equals(ENGINE_CORE)
                  || dependency.getDescription().contains("annotation member of type")) {
                continue; // @OwnedBy names a field's writers: documentation, not a dependency
              }
              parts.forEach((part, inner) -> {
                if (inner.contains(target.getSimpleName()) && !part.equals(from)
                    && !inner.contains(from)) {
                  events.add(SimpleConditionEvent.violated(dependency,
                      dependency.getDescription()));
                }
              });
            }
          }
        })
        .allowEmptyShould(false);
  }

  /** A block's group links and counts, which make up the group protocol. */
  private static final Set<String> GROUP_FIELDS = Set.of("nextInGroup", "lastInGroup",
      "groupSeq", "groupSize");

  /**
   * The block-group protocol (blocks completing together under one event) stays inside block
   * placement's {@code BlockGroups}: no other class reads or writes a block's group fields (the
   * block itself clears them for a new residency), so the preemptor, the time slicer and the
   * interfaces between the parts know nothing of groups.
   */
  @ArchTest
  static final ArchRule onlyBlockGroupsTouchesTheGroupFields = groupFieldsRule("BlockGroups");

  /**
   * The group-field rule sees what it is given: a class in the engine's package that follows a
   * block's group link ({@code GroupProtocolViolationFixture}, test code) breaks it.
   */
  @org.junit.jupiter.api.Test
  void theGroupFieldRuleReportsAnAccessOutsideBlockGroups() {
    com.tngtech.archunit.lang.EvaluationResult result = groupFieldsRule("BlockGroups").evaluate(
        new com.tngtech.archunit.core.importer.ClassFileImporter().importPackages(ENGINE_CORE));
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().getDetails())
        .allMatch(line -> line.contains("GroupProtocolViolationFixture"));
  }

  /** Only {@code owner} (and the block itself) touches a block's group fields. */
  private static ArchRule groupFieldsRule(String owner) {
    return classes().that().resideInAPackage(ENGINE_CORE)
        .should(new ArchCondition<JavaClass>("touch a block's group fields only in " + owner) {
          @Override
          public void check(JavaClass origin, ConditionEvents events) {
            String from = topLevel(origin).getSimpleName();
            if (from.equals(owner) || from.equals("ResidentBlock")) {
              return;
            }
            for (JavaFieldAccess access : origin.getFieldAccessesFromSelf()) {
              if (access.getTargetOwner().getName().equals(ENGINE_CORE + ".ResidentBlock")
                  && GROUP_FIELDS.contains(access.getName())) {
                events.add(SimpleConditionEvent.violated(access, access.getDescription()));
              }
            }
          }
        })
        .allowEmptyShould(false);
  }

  /** The engine's shared state objects, read by every part and written by the owners named. */
  private static final Set<String> SHARED_STATE = Set.of("SimJob", "SimQueue", "SimContext");

  /**
   * A field of the engine's shared state (a job, a queue, a context: {@code SimJob}, {@code
   * SimQueue}, {@code SimContext}) that can change during a run names its owners with
   * {@code @OwnedBy}: its state is grouped by the part that owns it.
   */
  @ArchTest
  static final ArchRule everyMutableSharedStateFieldNamesItsOwners =
      sharedStateOwnersRule(SHARED_STATE);

  private static ArchRule sharedStateOwnersRule(Set<String> stateClasses) {
    return com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields()
        .that(new DescribedPredicate<>("are declared in " + stateClasses) {
          @Override
          public boolean test(com.tngtech.archunit.core.domain.JavaField field) {
            return field.getOwner().getPackageName().equals(ENGINE_CORE)
                && stateClasses.contains(field.getOwner().getSimpleName());
          }
        })
        .and().areNotFinal().and().areNotStatic()
        .should().beAnnotatedWith(ENGINE_CORE + ".OwnedBy")
        .allowEmptyShould(false);
  }

  /**
   * The owner rule sees what it is given: a state class of the engine's package with a mutable
   * field that names no owner ({@code UnownedFieldFixture}, test code) breaks it.
   */
  @org.junit.jupiter.api.Test
  void theOwnerRuleReportsAMutableFieldWithoutOwners() {
    com.tngtech.archunit.lang.EvaluationResult result = sharedStateOwnersRule(
        Set.of("UnownedFieldFixture")).evaluate(
            new com.tngtech.archunit.core.importer.ClassFileImporter().importPackages(ENGINE_CORE));
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().getDetails())
        .allMatch(line -> line.contains("UnownedFieldFixture"));
  }

  /**
   * Only the parts an {@code @OwnedBy} names (and the field's own class) write the field: a part
   * that needs a job's state changed asks its owner.
   */
  @ArchTest
  static final ArchRule ownedFieldsAreWrittenOnlyByTheirOwners = ownedFieldsRule();

  /**
   * The ownership rule sees the writes it is given: a class in the engine's package that sets a
   * field the preemptor owns ({@code OwnershipViolationFixture}, test code) breaks it.
   */
  @org.junit.jupiter.api.Test
  void theOwnershipRuleReportsAWriteByAPartNotNamed() {
    JavaClasses fixture = new com.tngtech.archunit.core.importer.ClassFileImporter()
        .importPackages(ENGINE_CORE);
    com.tngtech.archunit.lang.EvaluationResult result = ownedFieldsRule().evaluate(fixture);
    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().getDetails())
        .allMatch(line -> line.contains("OwnershipViolationFixture"));
  }

  private static ArchRule ownedFieldsRule() {
    return classes().that().resideInAPackage(ENGINE_CORE)
        .should(new ArchCondition<JavaClass>("write an owned field only if @OwnedBy names it") {
          @Override
          public void check(JavaClass origin, ConditionEvents events) {
            JavaClass from = topLevel(origin);
            for (JavaFieldAccess access : origin.getFieldAccessesFromSelf()) {
              if (access.getAccessType() != JavaFieldAccess.AccessType.SET) {
                continue;
              }
              access.getTarget().resolveMember().ifPresent(field -> field.getAnnotations().stream()
                  .filter(a -> a.getRawType().getName().equals(ENGINE_CORE + ".OwnedBy"))
                  .findFirst()
                  .ifPresent(owned -> {
                    JavaClass[] owners = (JavaClass[]) owned.get("value").orElseThrow();
                    boolean allowed = topLevel(field.getOwner()).equals(from)
                        || java.util.Arrays.stream(owners).anyMatch(o -> o.equals(from));
                    if (!allowed) {
                      events.add(SimpleConditionEvent.violated(access,
                          access.getDescription() + ", but @OwnedBy names "
                              + java.util.Arrays.stream(owners).map(JavaClass::getSimpleName)
                                  .toList()));
                    }
                  }));
            }
          }
        });
  }

  private static DescribedPredicate<JavaClass> inEngineCoreNamed(Set<String> names) {
    return new DescribedPredicate<>("are engine classes named " + names) {
      @Override
      public boolean test(JavaClass type) {
        return type.getPackageName().equals(ENGINE_CORE)
            && names.contains(topLevel(type).getSimpleName());
      }
    };
  }

  private static JavaClass topLevel(JavaClass type) {
    JavaClass top = type;
    while (top.getEnclosingClass().isPresent()) {
      top = top.getEnclosingClass().get();
    }
    return top;
  }

  /**
   * The engine owns the only event queue: no class outside the engine and its DRM scheduler layer
   * uses its queue or implements its events, and the only other event loop is the benchmark's deliberately minimal baseline,
   * which exists to be measured against the engine.
   */
  @ArchTest
  static final ArchRule onlyTheEngineUsesTheEventQueue = noClasses()
      .that().resideOutsideOfPackages(ENGINE, DRM)
      .should().dependOnClassesThat().haveFullyQualifiedName(ENGINE_CORE + ".EventQueue")
      .orShould().implement(ENGINE_CORE + ".Event")
      .allowEmptyShould(false);

  @ArchTest
  static final ArchRule noEventLoopOutsideTheEngineButTheBenchmarkBaseline = noClasses()
      .that().haveSimpleNameEndingWith("EventLoop")
      .should().resideOutsideOfPackages(ENGINE, "org.preemptlab.lab.bench..");

  /**
   * The engine's core knows its DRM layer only through {@code EngineLayer}: a dependency goes one
   * way, from the layer to the core.
   */
  @ArchTest
  static final ArchRule engineCoreDependsOnNoDrmSchedulerLayer = noClasses()
      .that().resideInAPackage(ENGINE_CORE)
      .should().dependOnClassesThat().resideInAPackage(DRM)
      .allowEmptyShould(false);

  /** The scenario file format is a format: it depends on no part of the engine. */
  @ArchTest
  static final ArchRule scenarioFormatDependsOnNoEngine = noClasses()
      .that().resideInAPackage(SCENARIO_FORMAT)
      .should().dependOnClassesThat().resideInAPackage(ENGINE)
      .allowEmptyShould(false);

  private static DescribedPredicate<JavaClass> resideIn(String packageIdentifier) {
    return JavaClass.Predicates.resideInAPackage(packageIdentifier);
  }
}
