/** The installed app (docs/web.md, "Installable app"): a new version announced, the figures kept for offline use. */
const installedApp = {
  app: {
    installed: {
      new_version: 'يتوفر إصدار جديد من التطبيق.',
      reload: 'إعادة التحميل',
      kept: 'غير متصل: هذه آخر الأرقام التي شاهدتها. آخر تحديث: %{time}',
    },
  },
};

export default installedApp;
