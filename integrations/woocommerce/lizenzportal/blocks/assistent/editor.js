// The block in the editor: a placeholder; the page shows the assistant (rendered by PHP).
(function (blocks, element, blockEditor) {
  'use strict';
  blocks.registerBlockType('lizenzportal/assistent', {
    edit: function () {
      return element.createElement(
        'div',
        blockEditor.useBlockProps({ style: { padding: '2em', border: '1px dashed currentColor' } }),
        'Lizenz-Assistent des Lizenzportals (auf der Seite sichtbar)',
      );
    },
    save: function () {
      return null;
    },
  });
})(window.wp.blocks, window.wp.element, window.wp.blockEditor);
