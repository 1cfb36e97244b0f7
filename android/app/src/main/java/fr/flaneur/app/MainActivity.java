package fr.flaneur.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
