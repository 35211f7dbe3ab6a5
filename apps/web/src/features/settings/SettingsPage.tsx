import { useId, type ReactNode } from 'react';
import { APP_TEXTS, APP_VERSION, QUIET_TEXTS } from '@couple/protocol/browser';
import { Card } from '../../components/Card.js';
import { SignOutButton } from '../auth/SignOutButton.js';
import { EncryptionSection } from '../keys/EncryptionSection.js';
import { AddMiniAppButton } from '../miniapp/AddMiniAppButton.js';
import { useMiniAppHost } from '../miniapp/host.js';
import { DisconnectButton } from './DisconnectButton.js';
import { InstallStatus } from './InstallStatus.js';
import { NotificationToggle } from './NotificationToggle.js';
import { SessionsList } from './sessions/SessionsList.js';
import { ExportButton } from './export/ExportButton.js';
import { DeleteAccount } from './delete/DeleteAccount.js';
import { SignInDetails } from './account/SignInDetails.js';
import { ThemeSetting } from './ThemeSetting.js';
import { QuietHoursSetting } from '../quiet/QuietHoursSetting.js';
import { useI18n } from '../../lib/i18n.js';
import { LanguageSetting } from './LanguageSetting.js';
import { WishSettings } from '../wishes/WishSettings.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  // Not derived from the title: translated titles need not have any letter an id can keep.
  const id = useId();
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h2>
      {children}
    </Card>
  );
}

export function SettingsPage() {
  const i18n = useI18n();
  const host = useMiniAppHost();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {i18n._('Settings')}
      </h1>
      <Section title={i18n._('Notifications')}>
        {host.status === 'host' ? <AddMiniAppButton host={host.host} /> : <NotificationToggle />}
      </Section>
      <Section title={i18n._(QUIET_TEXTS.title)}>
        <QuietHoursSetting />
      </Section>
      <Section title={i18n._('Wishes')}>
        <WishSettings />
      </Section>
      <Section title={i18n._(APP_TEXTS.themeTitle)}>
        <ThemeSetting />
      </Section>
      <Section title={i18n._('Language')}>
        <LanguageSetting />
      </Section>
      {host.status !== 'host' && (
        <Section title={i18n._('App Installation')}>
          <InstallStatus />
        </Section>
      )}
      <Section title={i18n._('Privacy & Security')}>
        <EncryptionSection />
      </Section>
      <Section title={i18n._('Sign-in details')}>
        <SignInDetails />
      </Section>
      <Section title={i18n._('Account')}>
        <DisconnectButton />
        <SignOutButton />
      </Section>
      <Section title={i18n._('Signed-in devices')}>
        <SessionsList />
      </Section>
      <Section title={i18n._('Your data')}>
        <ExportButton />
        <DeleteAccount />
      </Section>
      <p className="text-center text-sm text-slate-600">v{APP_VERSION}</p>
    </div>
  );
}
