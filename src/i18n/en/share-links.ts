/** Share links (issue 37): the shared page and the plant's Share dialog. */
const shareLinks = {
  app: {
    share: {
      page: {
        title: '%{name}: live production',
        power_now: 'Power now',
        today: "Today's energy",
        month: "This month's energy",
        co2: 'CO₂ avoided',
        co2_today: 'Today: %{value}',
        curve: "Today's production",
        capacity: 'Installed capacity: %{value}',
        updated: 'Last reading: %{time}',
        offline: 'No recent readings',
        no_data: 'The plant has no readings yet.',
        shared_by: 'Shared by %{brand}',
        valid_until: 'Link valid until %{date}',
        failed: 'The figures could not be read. Trying again every minute.',
        expired: {
          title: 'This link has expired',
          text: 'Ask whoever shared it with you for a new one.',
        },
        revoked: {
          title: 'This link was revoked',
          text: 'Whoever shared it no longer offers it. Ask them for a new one if you need it.',
        },
        unknown: {
          title: 'This link does not exist',
          text: 'Check that the address is complete.',
        }
      },
      dialog: {
        button: 'Share',
        title: 'Share the plant',
        help: "A read-only link shows the power, today's and this month's energy, the CO₂ avoided and the day's curve, without your name or address: for a screen in a lobby or to show your neighbours.",
        expires: 'Expires in',
        durations: {
          day: '1 day',
          week: '1 week',
          month: '1 month',
          quarter: '3 months',
          year: '1 year',
        },
        name: 'Name to show (optional)',
        name_help: "Left empty, the plant's name is shown.",
        create: 'Create link',
        created: 'Copy the link now: it will not be shown again.',
        copy: 'Copy',
        copied: 'Link copied',
        links: 'Links made',
        none: 'No links yet.',
        created_by: 'Created %{date} by %{name}',
        created_on: 'Created %{date}',
        expires_at: 'Expires %{date}',
        last_opened: 'Last opened: %{date}',
        never_opened: 'Never opened',
        state: {
          active: 'Active',
          expired: 'Expired',
          revoked: 'Revoked',
        },
        revoke: 'Revoke',
        error: 'That did not work. Try again.',
        close: 'Close',
      }
    },
  }
};

export default shareLinks;
