package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.config.OrdoConfig.ClusterOptions;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cluster host is given to Hazelcast as an IP of this machine, or the start says why not. */
class ClusterSetupTest {
  @Test
  void aHostName_isGivenToHazelcastAsItsAddress() {
    String loopback = InetAddress.getLoopbackAddress().getHostAddress();
    ClusterOptions options = new ClusterOptions(List.of(), "localhost", 5701, "ordo", 0, null);

    var network = ClusterSetup.clusterManager(options).getConfig().getNetworkConfig();

    assertEquals(List.of(loopback), List.copyOf(network.getInterfaces().getInterfaces()));
    assertEquals(List.of(loopback), network.getJoin().getTcpIpConfig().getMembers());
  }

  @Test
  void aHostOfAnotherMachine_orNone_isAOneLineStartupError() {
    // 192.0.2.1 (TEST-NET-1) is never an address of a machine
    assertEquals(
        "the cluster host 192.0.2.1 (192.0.2.1) is not an address of this machine; set"
            + " ORDO_CLUSTER_HOST to one",
        assertThrows(StartupException.class, () -> ClusterSetup.localAddress("192.0.2.1"))
            .getMessage());
    assertEquals(
        "the cluster host no-such-host.invalid does not resolve; set ORDO_CLUSTER_HOST to an"
            + " address of this machine",
        assertThrows(
                StartupException.class, () -> ClusterSetup.localAddress("no-such-host.invalid"))
            .getMessage());
  }
}
