package io.ordo.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Checks that the event bus's TLS files are PEM of the right kind before the node starts: Vert.x
 * reads them only while it joins the cluster, and a wrong file failed that join with stack traces
 * ("Missing -----BEGIN PRIVATE KEY----- … delimiter") instead of a line naming the setting.
 */
final class PemFiles {
  private static final Pattern CERTIFICATE = Pattern.compile("-----BEGIN CERTIFICATE-----");
  private static final Pattern PRIVATE_KEY =
      Pattern.compile("-----BEGIN (RSA |EC )?PRIVATE KEY-----");

  private PemFiles() {}

  static void requireCertificate(String key, Path file) {
    require(key, file, CERTIFICATE, "a PEM certificate (-----BEGIN CERTIFICATE-----)");
  }

  static void requirePrivateKey(String key, Path file) {
    require(key, file, PRIVATE_KEY, "a PEM private key (-----BEGIN PRIVATE KEY-----, PKCS#8)");
  }

  private static void require(String key, Path file, Pattern block, String what) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new ConfigException(key + ": cannot read " + file);
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.ISO_8859_1); // any bytes: PEM is ASCII
    } catch (IOException e) {
      throw new ConfigException(key + ": cannot read " + file + ": " + e.getMessage());
    }
    if (!block.matcher(text).find()) {
      throw new ConfigException(key + ": " + file + " is not " + what);
    }
  }
}
