<?php
return array(
	'dependencies' => array( 'wp-blocks', 'wp-element', 'wp-block-editor' ),
	'version'      => '1.0.0',
);
