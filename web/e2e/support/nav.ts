import type { Locator, Page } from 'playwright-core';

/** The one navigation of the signed-in pages (components/layout/sidebar-nav.tsx). */
export function appNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/** Follows an entry of the navigation, opening the phone's menu first when the sidebar is hidden. */
export async function goTo(page: Page, label: string): Promise<void> {
  const opener = page.getByRole('button', { name: 'Abrir menu' });
  if (await opener.isVisible()) await opener.click();
  await appNav(page).getByRole('link', { name: label, exact: true }).click();
}

/** Opens the user menu of the header and picks an entry ('Perfil', 'Segurança', 'Sair'). */
export async function userMenu(page: Page, item: 'Perfil' | 'Segurança' | 'Sair'): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Menu da conta de / })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}
