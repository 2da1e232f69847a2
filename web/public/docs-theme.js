/*
 * /docs (Swagger UI, api/src/modules/docs/openapi.ts) inside the site's look: the site's header with the way back,
 * and pt-BR for the labels Swagger UI writes in English (it has no translations of its own). Loaded from our own
 * origin (the CSP allows no inline script). The dark theme is the page's CSS (customCss).
 */
(function () {
  'use strict';
  document.documentElement.lang = 'pt-BR';

  var header = document.createElement('header');
  header.className = 'arbitra-docs-header';
  var brand = document.createElement('a');
  brand.href = '/';
  brand.className = 'arbitra-docs-brand';
  brand.textContent = 'Arbitra';
  var title = document.createElement('span');
  title.className = 'arbitra-docs-title';
  title.textContent = 'Referência da API';
  var nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Navegação da documentação');
  [
    ['/api', 'Visão geral da API'],
    ['/', 'Voltar ao site'],
  ].forEach(function (l) {
    var a = document.createElement('a');
    a.href = l[0];
    a.textContent = l[1];
    nav.appendChild(a);
  });
  var left = document.createElement('div');
  left.className = 'arbitra-docs-left';
  left.appendChild(brand);
  left.appendChild(title);
  header.appendChild(left);
  header.appendChild(nav);
  document.body.insertBefore(header, document.body.firstChild);

  var PT = {
    Authorize: 'Autorizar',
    Authorized: 'Autorizado',
    'Available authorizations': 'Autorizações disponíveis',
    Logout: 'Sair',
    Close: 'Fechar',
    'Try it out': 'Experimentar',
    Execute: 'Executar',
    Cancel: 'Cancelar',
    Clear: 'Limpar',
    Parameters: 'Parâmetros',
    'No parameters': 'Sem parâmetros',
    Responses: 'Respostas',
    'Request body': 'Corpo da requisição',
    Description: 'Descrição',
    Name: 'Nome',
    Code: 'Código',
    Links: 'Links',
    'No links': 'Sem links',
    Schemas: 'Esquemas',
    'Example Value': 'Exemplo',
    Schema: 'Esquema',
    'Server response': 'Resposta do servidor',
    'Response body': 'Corpo da resposta',
    'Response headers': 'Cabeçalhos da resposta',
    'Request URL': 'URL da requisição',
    Details: 'Detalhes',
    'Media type': 'Tipo de mídia',
    'Controls Accept header.': 'Define o cabeçalho Accept.',
    Download: 'Baixar',
    'Request duration': 'Duração da requisição',
    'Value:': 'Valor:',
    'Undocumented': 'Não documentado',
    'Loading...': 'Carregando...',
  };

  function translate(node) {
    if (node.nodeType === 3) {
      var text = node.nodeValue;
      var key = text.trim();
      if (key && Object.prototype.hasOwnProperty.call(PT, key)) node.nodeValue = text.replace(key, PT[key]);
      return;
    }
    if (node.nodeType !== 1 || node === header) return;
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (var t = walker.nextNode(); t; t = walker.nextNode()) translate(t);
  }

  var root = document.getElementById('swagger-ui') || document.body;
  new MutationObserver(function (mutations) {
    mutations.forEach(function (m) {
      if (m.type === 'characterData') translate(m.target);
      else m.addedNodes.forEach(translate);
    });
  }).observe(root, { subtree: true, childList: true, characterData: true });
  translate(root);
})();
