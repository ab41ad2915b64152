import { hasRemoteImages, htmlFromText, sanitizeEmailHtml, textFromHtml } from './mail-html';

describe('sanitizeEmailHtml', () => {
  it.each<[string, string]>([
    ['<p>Olá <b>mundo</b></p>', '<p>Olá <b>mundo</b></p>'],
    ['<p onclick="x()">a</p>', '<p>a</p>'],
    ['<script>alert(1)</script><p>a</p>', '<p>a</p>'],
    ['<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">a</a>', '<a target="_blank" rel="noopener noreferrer nofollow">a</a>'],
    ['<a href="https://x.com">a</a>', '<a href="https://x.com" target="_blank" rel="noopener noreferrer nofollow">a</a>'],
    ['<a href="mailto:a@b.com">a</a>', '<a href="mailto:a@b.com" target="_blank" rel="noopener noreferrer nofollow">a</a>'],
    ['<form action="x"><input name="a">texto</form>', 'texto'],
    ['<iframe src="https://x.com"></iframe>fim', 'fim'],
    ['<svg onload="x()"><circle/></svg>fim', 'fim'],
    ['<p style="color: red; position: fixed">a</p>', '<p style="color:red">a</p>'],
    ['<p style="width: expression(alert(1))">a</p>', '<p>a</p>'],
    ['<p style="background-color: url(https://x/y.png)">a</p>', '<p>a</p>'],
    ['<img src="https://x.com/p.gif" alt="p">', '<img alt="p" data-remote-src="https://x.com/p.gif" />'],
    ['<img src="cid:logo@x">', '<img data-cid="logo@x" />'],
    ['<img data-remote-src="javascript:alert(1)" src="x.png">', '<img />'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<font face="Arial" size="5" color="#f00">a</font>', '<font face="Arial" size="5" color="#f00">a</font>'],
    ['<table border="1"><tr><td colspan="2">a</td></tr></table>', '<table border="1"><tr><td colspan="2">a</td></tr></table>'],
    ['<p style="text-align: center; font-family: \'Times New Roman\'">a</p>', '<p style="text-align:center;font-family:\'Times New Roman\'">a</p>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeEmailHtml(input)).toBe(output);
  });

  it('tells when remote images are held back', () => {
    expect(hasRemoteImages(sanitizeEmailHtml('<img src="https://x/y.png">'))).toBe(true);
    expect(hasRemoteImages(sanitizeEmailHtml('<p>data-remote-src=</p>'))).toBe(false);
  });
});

describe('textFromHtml / htmlFromText', () => {
  it.each<[string, string]>([
    ['<p>Um</p><p>Dois &amp; três</p>', 'Um\nDois & três'],
    ['linha<br>outra<br/>mais', 'linha\noutra\nmais'],
    ['<div>a</div><script>x</script><div>&lt;b&gt;</div>', 'a\n<b>'],
    ['<p>&nbsp;</p><p>a</p>', 'a'],
  ])('%s → %p', (html, text) => {
    expect(textFromHtml(html)).toBe(text);
  });

  it('escapes text that looks like markup', () => {
    expect(htmlFromText('<b>oi</b>\n& "tchau"')).toBe('<div style="white-space: pre-wrap">&lt;b&gt;oi&lt;/b&gt;\n&amp; &quot;tchau&quot;</div>');
  });
});
