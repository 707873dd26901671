package org.preemptlab.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The runner depends on the bundled plugin modules for its own tests only: no plugin module is on
 * its compile or run-time class path, declared by the runner or brought by another module of the
 * project. The distribution module puts them on the command line's class path instead. Checked on
 * the poms of the source tree (the runner's enforcer rule checks the resolved graph in the build);
 * a fixture tree whose runner reaches plugin modules, directly and through the engine, shows that
 * the check reports both paths.
 */
class RunnerDependenciesTest {
  private static final String GROUP = "org.preemptlab";
  private static final Set<String> PLUGIN_MODULES =
      Set.of("policies", "hardware-models", "plugins", "applications");
  /** Scopes that put a dependency on a module's own class path (test scope does not). */
  private static final Set<String> CLASS_PATH_SCOPES = Set.of("compile", "runtime", "provided",
      "system");
  /** Scopes of a dependency's dependencies that Maven passes on (provided and test are not). */
  private static final Set<String> TRANSITIVE_SCOPES = Set.of("compile", "runtime");

  @Test
  void noPluginModuleIsOnTheRunnersClassPath() throws Exception {
    assertThat(pluginModulesReached(Path.of("..").toAbsolutePath().normalize(), "runner"))
        .as("plugin modules on the runner's class path (declare them with test scope; the "
            + "distribution module bundles them)")
        .isEmpty();
  }

  @Test
  void theCheckReportsAPluginModuleDeclaredByTheRunnerOrBroughtByAnotherModule()
      throws Exception {
    Path fixture = Path.of(RunnerDependenciesTest.class.getResource("runner-with-plugins/pom.xml")
        .toURI()).getParent();

    assertThat(pluginModulesReached(fixture, "runner"))
        .containsExactly("runner -> engine -> applications", "runner -> plugins");
  }

  /**
   * Every path from {@code module} to a plugin module along dependencies on the module's class
   * path, as {@code "runner -> engine -> policies"}, sorted; empty if there is none.
   */
  static Set<String> pluginModulesReached(Path root, String module)
      throws IOException, ParserConfigurationException, SAXException {
    Map<String, Path> poms = modulePoms(root);
    Set<String> paths = new TreeSet<>();
    follow(poms, module, List.of(module), CLASS_PATH_SCOPES, paths);
    return paths;
  }

  private static void follow(Map<String, Path> poms, String module, List<String> path,
      Set<String> scopes, Set<String> found)
      throws IOException, ParserConfigurationException, SAXException {
    assertThat(poms).as("a module of the project").containsKey(module);
    for (Dependency dependency : dependencies(poms.get(module))) {
      if (!dependency.groupId().equals(GROUP) || !scopes.contains(dependency.scope())
          || path.contains(dependency.artifactId())) {
        continue;
      }
      List<String> next = new ArrayList<>(path);
      next.add(dependency.artifactId());
      if (PLUGIN_MODULES.contains(dependency.artifactId())) {
        found.add(String.join(" -> ", next));
      } else if (poms.containsKey(dependency.artifactId())) {
        follow(poms, dependency.artifactId(), next, TRANSITIVE_SCOPES, found);
      }
    }
  }

  /** One {@code <dependency>} of a pom's dependency list; the scope defaults to compile. */
  private record Dependency(String groupId, String artifactId, String scope) {}

  /**
   * The dependencies a pom declares (its own list and its profiles' lists, not its dependency
   * management); a group id left out is the project's, as every module of it declares.
   */
  private static List<Dependency> dependencies(Path pom)
      throws IOException, ParserConfigurationException, SAXException {
    Element project = parse(pom);
    List<Dependency> result = new ArrayList<>();
    var nodes = project.getElementsByTagName("dependency");
    for (int i = 0; i < nodes.getLength(); i++) {
      Element dependency = (Element) nodes.item(i);
      Node list = dependency.getParentNode();
      Node owner = list.getParentNode();
      if (!list.getNodeName().equals("dependencies")
          || owner.getNodeName().equals("dependencyManagement")
          || owner.getNodeName().equals("plugin")) {
        continue;
      }
      String scope = child(dependency, "scope");
      String groupId = child(dependency, "groupId");
      result.add(new Dependency(groupId.isEmpty() ? GROUP : groupId,
          child(dependency, "artifactId"), scope.isEmpty() ? "compile" : scope));
    }
    return result;
  }

  /** Each module of the project (the root pom's modules, profiles' too) by artifact id. */
  private static Map<String, Path> modulePoms(Path root)
      throws IOException, ParserConfigurationException, SAXException {
    Map<String, Path> poms = new HashMap<>();
    var modules = parse(root.resolve("pom.xml")).getElementsByTagName("module");
    for (int i = 0; i < modules.getLength(); i++) {
      Path pom = root.resolve(modules.item(i).getTextContent().strip()).resolve("pom.xml");
      if (Files.isRegularFile(pom)) {
        poms.put(child(parse(pom), "artifactId"), pom);
      }
    }
    return poms;
  }

  private static Element parse(Path pom)
      throws IOException, ParserConfigurationException, SAXException {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
  }

  /** The text of {@code parent}'s direct child {@code name}, stripped; empty if it has none. */
  private static String child(Element parent, String name) {
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node.getNodeName().equals(name)) {
        return node.getTextContent().strip();
      }
    }
    return "";
  }
}
