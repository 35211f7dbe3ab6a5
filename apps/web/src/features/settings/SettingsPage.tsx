import type { ReactNode } from 'react';
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
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
  const host = useMiniAppHost();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">Settings</h1>
      <Section title="Notifications">
        {host.status === 'host' ? <AddMiniAppButton host={host.host} /> : <NotificationToggle />}
      </Section>
      <Section title={QUIET_TEXTS.title}>
        <QuietHoursSetting />
      </Section>
      <Section title={APP_TEXTS.themeTitle}>
        <ThemeSetting />
      </Section>
      {host.status !== 'host' && (
        <Section title="App Installation">
          <InstallStatus />
        </Section>
      )}
      <Section title="Privacy & Security">
        <EncryptionSection />
      </Section>
      <Section title="Sign-in details">
        <SignInDetails />
      </Section>
      <Section title="Account">
        <DisconnectButton />
        <SignOutButton />
      </Section>
      <Section title="Signed-in devices">
        <SessionsList />
      </Section>
      <Section title="Your data">
        <ExportButton />
        <DeleteAccount />
      </Section>
      <p className="text-center text-sm text-slate-600">v{APP_VERSION}</p>
    </div>
  );
}
