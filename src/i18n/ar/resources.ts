import type esResources from '../es/resources';
import type { Translation } from '../merge';

/** «تم إنشاء/تحديث/حذف X بنجاح.» and «حدث خطأ أثناء إنشاء/تحديث/حذف X.» */
const entity = (noun: string) => ({
  created: `تم إنشاء ${noun} بنجاح.`,
  updated: `تم تحديث ${noun} بنجاح.`,
  deleted: `تم حذف ${noun} بنجاح.`,
  create_error: `حدث خطأ أثناء إنشاء ${noun}.`,
  update_error: `حدث خطأ أثناء تحديث ${noun}.`,
  delete_error: `حدث خطأ أثناء حذف ${noun}.`,
});

/**
 * A resource name in Arabic's six plural forms (zero, one, two, few, many, other). react-admin asks
 * for smart_count 1 for "one record" and 2 for the plural label of a list or menu, so every form
 * but "one" is the plural word (never the dual).
 */
const name = (one: string, many: string) => [many, one, many, many, many, many].join(' |||| ');

const resources: Translation<typeof esResources> = {
  resources: {
    projects: {
      name: name('مشروع', 'مشاريع'),
      empty: 'لا توجد مشاريع مسجلة',
      fields: {
        id: 'المعرّف', name: 'الاسم', image_project: 'الصورة', created_at: 'تاريخ الإنشاء', plants_count: 'محطات الطاقة',
      },
    },
    'power-plants': {
      name: name('محطة طاقة', 'محطات طاقة'),
      empty: 'لا توجد محطات طاقة مسجلة',
      fields: {
        id: 'المعرّف', project: 'المشروع', project_name: 'المشروع', name: 'الاسم', address: 'العنوان',
        commune: 'البلدية', latitude: 'خط العرض', longitude: 'خط الطول', capacity_kwp: 'القدرة (kWp)',
        tariff: 'التعرفة (CLP/kWh)', injection_price: 'سعر الحقن في الشبكة (CLP/kWh)', commissioned_on: 'تاريخ التشغيل',
        distributor: 'شركة التوزيع', tariff_option: 'خيار التعرفة', client_number: 'رقم العميل', demand_kw: 'الطلب المفوتر (kW)', peak_demand_kw: 'الطلب في ساعات الذروة (kW)',
      },
    },
    investors: {
      name: name('عاكس', 'عواكس'),
      empty: 'لا توجد عواكس مسجلة',
      fields: {
        id: 'المعرّف', plant: 'محطة الطاقة', plant_name: 'محطة الطاقة', project: 'المشروع',
        name: 'الاسم', equipment: 'المعدّة', model: 'الطراز', serial_number: 'الرقم التسلسلي',
        nominal_power_kw: 'القدرة الاسمية (kW)', datalogger_address: 'عنوان مسجّل البيانات', datalogger_id: 'معرّف مسجّل البيانات (Push Service)',
        device_id: 'معرّف الجهاز',
      },
    },
    mppts: {
      name: name('MPPT', 'وحدات MPPT'),
      empty: 'لا توجد وحدات MPPT مسجلة',
      fields: { id: 'المعرّف', investor: 'العاكس', investor_name: 'العاكس', name: 'الاسم', number: 'الرقم' },
    },
    strings: {
      name: name('سلسلة', 'سلاسل'),
      empty: 'لا توجد سلاسل مسجلة',
      fields: {
        id: 'المعرّف', mppt: 'MPPT', mppt_name: 'MPPT', name: 'الاسم', tilt: 'زاوية الميل (°)', azimuth: 'زاوية السمت (°)',
      },
    },
    panels: {
      name: name('لوح', 'ألواح'),
      empty: 'لا توجد ألواح مسجلة',
      fields: {
        id: 'المعرّف', string: 'السلسلة', string_name: 'السلسلة', name: 'الاسم', equipment: 'المعدّة',
        power_wp: 'القدرة (Wp)', serial_number: 'الرقم التسلسلي',
      },
    },
    tags: {
      name: name('وسم', 'أوسمة'),
      empty: 'لا توجد أوسمة مسجلة',
      fields: { id: 'المعرّف', name: 'الاسم', users_count: 'المستخدمون', projects_count: 'المشاريع' },
    },
    'tag-users': {
      name: name('مستخدم الوسم', 'مستخدمو الوسم'),
      empty: 'لا يوجد مستخدمون في هذا الوسم',
      fields: {
        tag: 'الوسم', tag_name: 'الوسم', customuser: 'المستخدم', user_fullname: 'الاسم', user_email: 'البريد الإلكتروني',
      },
    },
    'tag-projects': {
      name: name('مشروع الوسم', 'مشاريع الوسم'),
      empty: 'لا توجد مشاريع في هذا الوسم',
      fields: { tag: 'الوسم', tag_name: 'الوسم', project: 'المشروع', project_name: 'المشروع', project_image: 'الصورة' },
    },
    users: {
      name: name('مستخدم', 'مستخدمون'),
      empty: 'لا يوجد مستخدمون مسجلون',
      fields: {
        id: 'المعرّف', email: 'البريد الإلكتروني', first_name: 'الاسم', last_name: 'اسم العائلة', phone: 'الهاتف',
        address: 'العنوان', image: 'الصورة', is_active: 'نشط', is_staff: 'مسؤول',
        is_superuser: 'مسؤول أعلى', date_joined: 'تاريخ التسجيل', last_login: 'آخر دخول',
        password: 'كلمة المرور', full_name: 'الاسم الكامل',
      },
    },
    'project-users': {
      name: name('مستخدم المشروع', 'مستخدمو المشروع'),
      empty: 'لا يوجد مستخدمون في هذا المشروع',
      fields: {
        user_project: 'المشروع', users: 'المستخدم', project_name: 'المشروع', user_fullname: 'الاسم', user_email: 'البريد الإلكتروني',
      },
    },
    trademarks: {
      name: name('علامة تجارية', 'علامات تجارية'),
      empty: 'لا توجد علامات تجارية مسجلة',
      fields: { id: 'المعرّف', name: 'الاسم', image: 'الصورة' },
    },
    equipments: {
      name: name('معدّة', 'معدّات'),
      empty: 'لا توجد معدّات مسجلة',
      fields: {
        id: 'المعرّف', name: 'الاسم', image: 'الصورة', trademark: 'العلامة التجارية', model: 'الطراز',
        station_code: 'رمز المحطة', description: 'الوصف',
        kind: 'النوع',
      },
      kinds: { inverter: 'عاكس', panel: 'لوح', battery: 'بطارية', meter: 'عدّاد', other: 'أخرى' },
    },
    distributors: {
      name: name('شركة توزيع', 'شركات توزيع'),
      empty: 'لا توجد شركات توزيع مسجلة',
      fields: { id: 'المعرّف', name: 'شركة التوزيع' },
    },
    communes: {
      name: name('بلدية', 'بلديات'),
      empty: 'لا توجد بلديات مسجلة',
      fields: { id: 'المعرّف', name: 'البلدية', region: 'الإقليم' },
    },
    settings: {
      name: name('الإعدادات', 'الإعدادات'),
      fields: {
        name: 'اسم البوابة', environnement_factor: 'العامل البيئي (kg CO₂/kWh)', time_zone: 'المنطقة الزمنية',
      },
    },
    tickets: {
      name: name('تذكرة', 'تذاكر'),
      empty: 'لا توجد تذاكر مسجلة',
      fields: {
        id: 'المعرّف', title: 'العنوان', status_name: 'الحالة', user_fullname: 'المستخدم',
        assigned_admin_fullname: 'المسؤول المكلّف', created_at: 'تاريخ الإنشاء',
        type: 'الفئة', type_name: 'الفئة', content: 'الوصف', customuser: 'العميل', media: 'المرفق', status: 'الحالة', user_admin: 'المسؤول المكلّف', assigned: 'المسؤول المكلّف',
      },
    },
    'ticket-categories': {
      name: name('فئة', 'فئات'),
      empty: 'لا توجد فئات مسجلة',
      fields: { id: 'المعرّف', name: 'الاسم', description: 'الوصف' },
    },
    notifications: {
      name: name('إشعار', 'إشعارات'),
      empty: 'لا توجد إشعارات مسجلة',
      fields: { id: 'المعرّف', title: 'العنوان', message: 'الرسالة', created_at: 'التاريخ', type_notification: 'النوع', type_name: 'النوع', target: 'الجهة المستهدفة', recipients_count: 'عدد المستلمين', tag: 'الوسم', project: 'المشروع', users: 'المستخدمون', read: 'مقروء', },
    },
  },
  app: {
    dialog: {
      success_title: 'ممتاز',
      error_title: 'خطأ',
      close: 'حسنًا',
    },
    messages: {
      panel: entity('اللوح'),
      mppt: entity('وحدة MPPT'),
      string: entity('السلسلة'),
      tag: entity('الوسم'),
      project: entity('المشروع'),
      plant: entity('محطة الطاقة'),
      investor: entity('العاكس'),
      ticket: {
        ...entity('التذكرة'),
        status_changed: 'تم تغيير حالة التذكرة بنجاح.',
      },
      ticket_message: {
        sent: 'تم إرسال الرسالة بنجاح.',
        deleted: 'تم حذف الرسالة بنجاح.',
        delete_error: 'حدث خطأ أثناء حذف الرسالة.',
      },
      ticket_category: entity('الفئة'),
      brand: entity('العلامة التجارية'),
      equipment: entity('المعدّة'),
      tag_user: {
        created: 'تمت إضافة المستخدم إلى الوسم بنجاح.',
        deleted: 'تمت إزالة المستخدم من الوسم بنجاح.',
        create_error: 'حدث خطأ أثناء إضافة المستخدم إلى الوسم.',
        delete_error: 'حدث خطأ أثناء إزالة المستخدم من الوسم.',
      },
      tag_project: {
        created: 'تمت إضافة المشروع إلى الوسم بنجاح.',
        deleted: 'تمت إزالة المشروع من الوسم بنجاح.',
        create_error: 'حدث خطأ أثناء إضافة المشروع إلى الوسم.',
        delete_error: 'حدث خطأ أثناء إزالة المشروع من الوسم.',
      },
      project_user: {
        created: 'تمت إضافة المستخدم إلى المشروع بنجاح.',
        deleted: 'تمت إزالة المستخدم من المشروع بنجاح.',
        create_error: 'حدث خطأ أثناء إضافة المستخدم إلى المشروع.',
        delete_error: 'حدث خطأ أثناء إزالة المستخدم من المشروع.',
      },
      user: {
        created: 'تم إنشاء المستخدم بنجاح.',
        create_error: 'حدث خطأ أثناء إنشاء المستخدم.',
        email_taken: 'عنوان البريد الإلكتروني هذا مسجّل بالفعل.',
        updated: 'تم تعديل صلاحيات المستخدم بنجاح.',
        update_error: 'حدث خطأ أثناء تعديل صلاحيات المستخدم.',
        activated: 'تم تفعيل المستخدم بنجاح.',
        activate_error: 'حدث خطأ أثناء تفعيل المستخدم.',
      },
      notification: {
        sent: 'تم إرسال الإشعار بنجاح.',
        send_error: 'حدث خطأ أثناء إرسال الإشعار.',
      },
      settings: {
        updated: 'تم تحديث الإعدادات بنجاح.',
        update_error: 'حدث خطأ أثناء تحديث الإعدادات.',
        list_error: 'حدث خطأ أثناء جلب قائمة الإعدادات.',
      },
      commune: {
        list_error: 'حدث خطأ أثناء جلب قائمة البلديات.',
      },
      profile: {
        updated: 'تم تحديث الملف الشخصي بنجاح.',
        update_error: 'حدث خطأ أثناء تحديث الملف الشخصي',
      },
    },
    screens: {
      readings: {
        title: 'أحدث القراءات',
        none: 'لا توجد قراءات من هذا الجهاز بعد.',
        failed: 'تعذّر تحميل القراءات. ستتم المحاولة مرة أخرى خلال دقيقة.',
        at: 'قراءة %{time}',
        ac_power: 'القدرة المتناوبة',
        energy_total: 'إجمالي الطاقة',
        mppt: 'MPPT %{number}',
        voltage: 'الجهد',
        current: 'التيار',
        dc_power: 'القدرة المستمرة',
        status: {
          ok: 'قيد التشغيل',
          running: 'قيد التشغيل',
          clipping: 'محدود القدرة',
          standby: 'ليل / وضع الانتظار',
          night: 'ليل / وضع الانتظار',
          startup: 'بدء التشغيل',
          bootloading: 'قيد التحديث',
          error: 'خطأ',
          offline: 'غير متصل',
        },
      },
      actions: {
        edit: 'تعديل',
        delete: 'حذف',
        remove: 'إزالة',
        cancel: 'إلغاء',
        details: 'عرض التفاصيل',
        image_help: 'اسحب صورة إلى هنا أو انقر لاختيارها',
        confirm_delete_title: 'حذف %{name}',
        confirm_remove_title: 'إزالة %{name}',
        confirm_delete: 'هل أنت متأكد من حذف «%{name}»؟ لا يمكن التراجع عن هذا الإجراء.',
        confirm_remove: 'هل أنت متأكد من إزالة «%{name}»؟',
      },
      hierarchy: {
        path: 'الموقع',
        add: {
          'power-plants': 'إضافة محطة طاقة',
          investors: 'إضافة عاكس',
          mppts: 'إضافة وحدة MPPT',
          strings: 'إضافة سلسلة',
          panels: 'إضافة لوح',
        },
        edit: {
          'power-plants': 'تعديل محطة الطاقة',
          investors: 'تعديل العاكس',
          mppts: 'تعديل وحدة MPPT',
          strings: 'تعديل السلسلة',
          panels: 'تعديل اللوح',
        },
      },
      projects: {
        plants: 'محطات الطاقة',
        users: 'مستخدمو المشروع',
        add_user: 'إضافة مستخدم إلى المشروع',
      },
      tags: {
        users: 'المستخدمون',
        projects: 'المشاريع',
        add_user: 'إضافة مستخدم إلى الوسم',
        add_project: 'إضافة مشروع إلى الوسم',
      },
      users: {
        profile: 'البيانات الشخصية',
        projects: 'المشاريع',
        tags: 'الأوسمة',
        no_projects: 'هذا المستخدم غير مرتبط بأي مشروع',
        no_tags: 'هذا المستخدم غير مرتبط بأي وسم',
        add_project: 'إضافة المستخدم إلى مشروع',
        add_tag: 'إضافة المستخدم إلى وسم',
        administrator: 'المسؤول',
        grant_admin: 'منح صلاحيات المسؤول',
        revoke_admin: 'سحب صلاحيات المسؤول',
        grant_confirm: 'سيتمكن %{email} من إدارة البوابة بالكامل. هل تريد المتابعة؟',
        revoke_confirm: 'لن يعود %{email} مسؤولًا. هل تريد المتابعة؟',
        role_admin: 'مسؤول',
        role_user: 'مستخدم',
        activate: 'تفعيل المستخدم',
      },
      configuration: {
        title: 'الإعدادات',
        parameters: 'معايير البوابة',
        communes: 'البلديات',
        time_zone_help: 'اسم IANA، على سبيل المثال America/Santiago',
        rebuilding: 'إعادة حساب الرسوم البيانية لمحطات الطاقة في المنطقة الزمنية الجديدة: اكتمل %{done} من %{plants}. في هذه الأثناء، قد يستغرق أول رسم بياني لمحطة لم تُعالَج بعد بضع ثوانٍ.',
        factor_help: 'كيلوغرامات CO₂ التي يتم تجنّبها لكل kWh مُنتَج',
        unavailable: 'الإعدادات غير متاحة حاليًا.',
      },
      profile: {
        title: 'ملفي الشخصي',
      },
      tickets: {
        unassigned: 'غير مُسنَد',
        status_active: 'نشط',
        status_closed: 'مغلق',
        new: 'تذكرة جديدة',
        support: 'الدعم',
        attachment: 'ملف مرفق',
        download: 'تنزيل %{name}',
        attach: 'إرفاق صورة أو ملف PDF',
        attach_help: 'اسحب صورة أو ملف PDF أو انقر للاختيار',
        customer_help: 'فارغ: تكون التذكرة باسمك',
        reply: 'الرد',
        reply_placeholder: 'اكتب رسالتك',
        send: 'إرسال',
        delete_message: 'حذف الرسالة',
        confirm_delete_message: 'هل تريد بالتأكيد حذف هذه الرسالة؟ لا يمكن التراجع عن هذا الإجراء.',
        change_status: 'حالة التذكرة',
        assign: 'تكليف',
        assign_label: 'المسؤول المكلّف',
        closed_notice: 'هذه التذكرة مغلقة.',
        closed_reply: 'التذكرة مغلقة ولا تقبل رسائل جديدة. إذا استمرت المشكلة، أنشئ تذكرة جديدة.',
        conversation: 'المحادثة',
        no_messages: 'لا توجد ردود بعد.',
        back: 'العودة إلى التذاكر',
      },
      ticket_categories: {
        create: 'فئة جديدة',
        edit: 'تعديل الفئة',
      },
      notifications: {
        send: 'إرسال إشعار',
        submit: 'إرسال',
        chosen_users: 'مستخدمون مختارون',
        types: {
          1: 'مستخدمو وسم',
          2: 'مستخدمو مشروع',
          3: 'مستخدمون مختارون',
        },
      },
      bell: {
        label: 'الإشعارات: %{count} غير مقروءة',
        title: 'الإشعارات',
        mark_all: 'تعليم الكل كمقروء',
        empty: 'ليست لديك إشعارات',
        see_all: 'عرض الكل',
        unread: 'غير مقروء',
      },
    },
  },
};

export default resources;
