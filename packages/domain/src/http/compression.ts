/**
 * The smallest answer the portal compresses, a built file or an API answer alike (decision 040):
 * one below it fits a TCP segment with its headers either way, so compressing it saves the
 * browser no round trip and costs the server time on its hottest routes (sign-in).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
