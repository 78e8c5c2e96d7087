/**
 * The agent's version and the date it was built: a clock reading before BUILD_DATE has never been
 * set (a Raspberry Pi without a real-time clock starts in 1970, or at its last shutdown's time with
 * fake-hwclock, until NTP answers). Bumped with each release of the agent (docs/agent.md, "Update").
 */
export const VERSION = '0.1.0';
export const BUILD_DATE = '2026-12-01T00:00:00Z';
