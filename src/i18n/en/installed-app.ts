/** The installed app (docs/web.md, "Installable app"): a new version announced, the figures kept for offline use. */
const installedApp = {
  app: {
    installed: {
      new_version: 'A new version of the app is available.',
      reload: 'Reload',
      kept: 'Offline: these are the figures you last saw. Last updated: %{time}',
    },
  },
};

export default installedApp;
