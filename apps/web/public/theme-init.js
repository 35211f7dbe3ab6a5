/* global window, document */
// Runs before the first paint (a blocking classic script: the CSP allows 'self' scripts only, no
// inline ones) so a dark-mode user never sees a white flash. Mirrors src/lib/theme.ts.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('couple-desires.theme');
  } catch {
    choice = null;
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
