/** Share links (issue 37): the shared page and the plant's Share dialog. */
const shareLinks = {
  app: {
    share: {
      page: {
        title: '%{name}: الإنتاج المباشر',
        power_now: 'القدرة الآن',
        today: 'طاقة اليوم',
        month: 'طاقة هذا الشهر',
        co2: 'ثاني أكسيد الكربون الذي تم تجنبه',
        co2_today: 'اليوم: %{value}',
        curve: 'إنتاج اليوم',
        capacity: 'القدرة المركبة: %{value}',
        updated: 'آخر قراءة: %{time}',
        offline: 'لا توجد قراءات حديثة',
        no_data: 'لا توجد قراءات للمحطة بعد.',
        shared_by: 'تمت المشاركة بواسطة %{brand}',
        valid_until: 'الرابط صالح حتى %{date}',
        failed: 'تعذّرت قراءة الأرقام. نعيد المحاولة كل دقيقة.',
        expired: {
          title: 'انتهت صلاحية هذا الرابط',
          text: 'اطلب رابطًا جديدًا ممن شاركه معك.',
        },
        revoked: {
          title: 'تم إلغاء هذا الرابط',
          text: 'لم يعد من شاركه يتيحه. اطلب منه رابطًا جديدًا إن احتجت إليه.',
        },
        unknown: {
          title: 'هذا الرابط غير موجود',
          text: 'تحقق من أن العنوان كامل.',
        }
      },
      dialog: {
        button: 'مشاركة',
        title: 'مشاركة المحطة',
        help: 'رابط للقراءة فقط يعرض القدرة وطاقة اليوم والشهر وثاني أكسيد الكربون الذي تم تجنبه ومنحنى اليوم، دون اسمك أو عنوانك: لشاشة في بهو أو لعرضها على جيرانك.',
        expires: 'ينتهي بعد',
        durations: {
          day: 'يوم واحد',
          week: 'أسبوع واحد',
          month: 'شهر واحد',
          quarter: '3 أشهر',
          year: 'سنة واحدة',
        },
        name: 'الاسم المعروض (اختياري)',
        name_help: 'إذا تركته فارغًا يُعرض اسم المحطة.',
        create: 'إنشاء رابط',
        created: 'انسخ الرابط الآن: لن يُعرض مرة أخرى.',
        copy: 'نسخ',
        copied: 'تم نسخ الرابط',
        links: 'الروابط المنشأة',
        none: 'لا توجد روابط بعد.',
        created_by: 'أُنشئ في %{date} بواسطة %{name}',
        created_on: 'أُنشئ في %{date}',
        expires_at: 'ينتهي في %{date}',
        last_opened: 'آخر فتح: %{date}',
        never_opened: 'لم يُفتح قط',
        state: {
          active: 'نشط',
          expired: 'منتهي الصلاحية',
          revoked: 'ملغى',
        },
        revoke: 'إلغاء',
        error: 'تعذّر ذلك. حاول مرة أخرى.',
        close: 'إغلاق',
      }
    },
  }
};

export default shareLinks;
