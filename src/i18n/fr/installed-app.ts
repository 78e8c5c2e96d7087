/** The installed app (docs/web.md, "Installable app"): a new version announced, the figures kept for offline use. */
const installedApp = {
  app: {
    installed: {
      new_version: 'Une nouvelle version de l\'application est disponible.',
      reload: 'Recharger',
      kept: 'Hors ligne : ce sont les chiffres que vous avez vus en dernier. Dernière mise à jour : %{time}',
    },
  },
};

export default installedApp;
