import type esAuth from '../es/auth';
import type { Translation } from '../merge';

const auth: Translation<typeof esAuth> = {
  app: {
    auth: {
      email: '电子邮件',
      password: '密码',
      password_confirm: '确认密码',
      first_name: '名字',
      last_name: '姓氏',
      phone: '电话',
      address: '地址',
      back_to_login: '返回登录',
      resend_activation: '重新发送激活链接',
      login: {
        title: '登录',
        subtitle: '登录您的账户以继续。',
        submit: '登录',
        google: '使用 Google 登录',
        or: '或',
        register: '还没有账户？立即注册',
        forgot: '忘记密码？',
      },
      register: {
        title: '创建账户',
        submit: '注册',
        login: '已有账户？立即登录',
        check_mail: '我们已向 %{email} 发送了激活账户的链接。',
        resend: '重新发送链接',
      },
      forgot: {
        title: '找回密码',
        text: '请输入您的电子邮件，我们将向您发送创建新密码的链接。',
        submit: '发送链接',
      },
      reset: {
        title: '新密码',
        checking: '正在验证链接…',
        submit: '修改密码',
      },
      activate: {
        title: '电子邮件验证',
        checking: '正在激活您的账户…',
      },
      google: {
        title: '使用 Google 登录',
        checking: '正在登录…',
      },
      logout: {
        title: '正在退出…',
      },
    },
    messages: {
      login_error: '密码错误',
      google_error: '登录失败',
      register_success: '注册成功',
      register_error: '注册用户时出错。',
      email_taken: '该电子邮件地址已被注册。',
      recovery_sent: '我们已向您发送找回密码的链接，请查收电子邮件。',
      recovery_error: '发送找回密码邮件时出错',
      reset_success: '密码已成功找回。',
      reset_error: '修改密码时出错',
      token_invalid: '验证令牌不正确，请重试',
      activated: '账户已成功激活，现在可以登录了。',
      resend_success: '验证链接已重新发送。',
      resend_error: '重新发送链接时出错',
    },
    validation: {
      first_name: '请输入名字',
      last_name: '请输入姓氏',
      email: '请输入电子邮件',
      phone: '请输入电话',
      address: '请输入地址',
      password: '请输入您的密码',
      email_invalid: '请输入有效的电子邮件',
      password_length: '长度必须在 4 到 16 个字符之间',
      password_mismatch: '两次输入的密码不一致',
    },
  },
};

export default auth;
