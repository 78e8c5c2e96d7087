/** The installed app (docs/web.md, "Installable app"): a new version announced, the figures kept for offline use. */
const installedApp = {
  app: {
    installed: {
      new_version: '应用有新版本。',
      reload: '重新加载',
      kept: '离线：这些是您上次看到的数据。最后更新：%{time}',
    },
  },
};

export default installedApp;
