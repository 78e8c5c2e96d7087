/** The installed app (docs/web.md, "Installable app"): a new version announced, the figures kept for offline use. */
const installedApp = {
  app: {
    installed: {
      new_version: 'Hay una nueva versión de la aplicación.',
      reload: 'Recargar',
      kept: 'Sin conexión: estas cifras son las que viste por última vez. Última actualización: %{time}',
    },
  },
};

export default installedApp;
