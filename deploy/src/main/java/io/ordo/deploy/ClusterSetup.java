package io.ordo.deploy;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import io.ordo.config.OrdoConfig.ClusterOptions;
import io.ordo.config.OrdoConfig.TlsFiles;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The Hazelcast cluster every JVM of a farm joins (SPEC 2): TCP/IP members only (no multicast, no
 * auto-detection), bound to the configured interface. Hazelcast carries the event bus's
 * subscriptions; it never decides exclusion (PostgreSQL does).
 */
final class ClusterSetup {
  private ClusterSetup() {}

  static HazelcastClusterManager clusterManager(ClusterOptions options) {
    String address = localAddress(options.host());
    Config config = ConfigUtil.loadConfig(); // keeps vert.x's subs multimap and node maps
    config.setClusterName(options.name());
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.logging.type", "slf4j");
    config.setProperty("hazelcast.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.socket.bind.any", "false");
    config.setProperty("hazelcast.tcp.join.port.try.count", "20");
    NetworkConfig network = config.getNetworkConfig();
    network.setPort(options.port()).setPortAutoIncrement(true).setPortCount(20);
    network.getInterfaces().setEnabled(true).setInterfaces(List.of(address));
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig()
        .setEnabled(true)
        .setMembers(options.members().isEmpty() ? List.of(address) : options.members());
    return new HazelcastClusterManager(config);
  }

  /**
   * The cluster host as the IP address of one of this machine's interfaces. Hazelcast matches its
   * interface list by IP only: a name (localhost, the host's name) was dropped from it, and a name
   * or address of another machine failed the join with "No matching network interface found" and
   * Hazelcast's stack traces. Either is now a one-line {@link StartupException}.
   */
  static String localAddress(String host) {
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new StartupException(
          "the cluster host "
              + host
              + " does not resolve; set ORDO_CLUSTER_HOST to an address of"
              + " this machine");
    }
    try {
      if (!address.isAnyLocalAddress() && NetworkInterface.getByInetAddress(address) == null) {
        throw new StartupException(
            "the cluster host "
                + host
                + " ("
                + address.getHostAddress()
                + ") is not an address of this machine; set ORDO_CLUSTER_HOST to one");
      }
    } catch (SocketException e) {
      throw new StartupException(
          "cannot read this machine's network interfaces: " + e.getMessage());
    }
    return address.getHostAddress();
  }

  /**
   * The event bus: bound to the cluster interface, on the configured port; with TLS files, mutual
   * TLS (every node presents its certificate and accepts only peers it trusts).
   */
  static EventBusOptions eventBus(ClusterOptions options) {
    EventBusOptions eventBus =
        new EventBusOptions()
            .setHost(options.host())
            .setPort(options.eventBusPort())
            .setClusterPublicHost(options.host());
    TlsFiles tls = options.tls();
    if (tls != null) {
      eventBus
          .setSsl(true)
          .setKeyCertOptions(
              new PemKeyCertOptions()
                  .setCertPath(tls.certificate().toString())
                  .setKeyPath(tls.key().toString()))
          .setTrustOptions(new PemTrustOptions().addCertPath(tls.trust().toString()))
          .setClientAuth(ClientAuth.REQUIRED);
    }
    return eventBus;
  }
}
