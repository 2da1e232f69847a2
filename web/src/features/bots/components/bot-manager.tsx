import { BotsTab } from './bots-tab';

/** /bots: the same live bot list as the dashboard's Bots tab (DECISIONS §1: no sample data). */
export function BotManager() {
  return <BotsTab />;
}
