/**
 * A browser context as the app's visitor has it (pt-BR, São Paulo time); with `session` ({ token, user }), signed in
 * as the login form leaves it (localStorage `token` and `user`, SPEC §9).
 */
export async function appContext(browser, session) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  if (session)
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)],
    );
  return context;
}
